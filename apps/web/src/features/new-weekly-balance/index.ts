// The new weekly balance's public face for the router.
export { NewWeeklyBalance } from './components/new-weekly-balance';
