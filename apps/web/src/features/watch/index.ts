// The watch list: its public face for the router.
export { Watch } from './components/watch';
