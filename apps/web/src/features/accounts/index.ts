// The accounts feature's public face: the screens the router mounts.
export { ChangePassword } from './components/change-password';
export { ChangeAgentPassword } from './components/change-agent-password';
