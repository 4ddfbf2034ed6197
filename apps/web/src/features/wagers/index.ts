// The wager screens' public face for the router.
export { DeleteWager } from './components/delete-wager';
export { WagerCenter } from './components/wager-center';
