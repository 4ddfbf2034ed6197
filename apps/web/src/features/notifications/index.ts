// The notifications feature's public face: the bell for the header and the screen for its route.
export { AgentNotifications } from './components/agent-notifications';
