// The passkeys feature's public face: the agent's passkeys on /Security, and the log-in's second
// step with one.
export { PasskeysPanel } from './components/passkeys-panel';
export { PasskeySignInButton } from './components/passkey-sign-in-button';
