// The alerts screen: the public face for the router.
export { Alerts } from './components/alerts';
