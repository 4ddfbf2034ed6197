// The agent payments' public face for the router.
export { AgentPayments } from './components/agent-payments';
