// The players list's public face for the router.
export { Players } from './components/players';
