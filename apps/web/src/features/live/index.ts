// The live ticker: its public face for the router.
export { Live } from './components/live';
