// The Sessions screen's public face for the router.
export { Sessions } from './components/sessions';
