// The second step's public face (/Security): the app composes it with the passkeys panel.
export { SecurityScreen } from './components/security-screen';
