// The action-by-player report's public face for the router.
export { ActionByPlayer } from './components/action-by-player';
