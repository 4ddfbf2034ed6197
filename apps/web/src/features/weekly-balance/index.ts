// The weekly balance report's public face for the router.
export { WeeklyBalance } from './components/weekly-balance';
