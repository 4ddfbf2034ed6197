// The idle warning on its own, so signed-in screens load it apart from the log-in screen's entry.
export { IdleWarning } from './components/idle-warning';
