// The master's review of agent sign-ups.
export { AgentSignUps } from './components/agent-sign-ups';
