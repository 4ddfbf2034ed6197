// The player payments' public face for the router.
export { PlayerPayment } from './components/player-payment';
