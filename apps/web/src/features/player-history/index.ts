// The player history's public face for the router.
export { PlayerHistory } from './components/player-history';
