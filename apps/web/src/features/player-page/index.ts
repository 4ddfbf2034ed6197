// A player's page: its public face for the router.
export { PlayerPage } from './components/player-page';
