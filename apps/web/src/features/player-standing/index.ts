// The player standing's public face for the router.
export { PlayerStanding } from './components/player-standing';
