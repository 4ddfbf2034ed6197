// The position screen's public face for the router.
export { Position } from './components/position';
