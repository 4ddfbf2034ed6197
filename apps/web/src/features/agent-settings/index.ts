// A sub-agent's settings: the public face for the router.
export { AgentSettingsScreen } from './components/agent-settings';
