// Requests for players' limits above an agent's cap: decided by the agent above, or filed.
export { LimitRequests } from './components/limit-requests';
