// The shared-devices report's public face for the router.
export { SharedDevices } from './components/shared-devices';
