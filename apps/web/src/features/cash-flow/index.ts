// The cash flow's public face for the router.
export { CashFlow } from './components/cash-flow';
