export { AgentTree } from './components/agent-tree';
