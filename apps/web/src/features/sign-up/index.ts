// The public agent sign-up: no session, no agent shell.
export { AgentSignUp } from './components/agent-sign-up';
