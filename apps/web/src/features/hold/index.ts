// The hold report's public face for the router.
export { Hold } from './components/hold';
