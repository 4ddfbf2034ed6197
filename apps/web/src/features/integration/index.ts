// The master agent's integration with its platform: keys, webhook address, delivery log.
export { Integration } from './components/integration';
