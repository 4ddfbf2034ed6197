// The master sheet's public face for the router.
export { MasterSheet } from './components/master-sheet';
