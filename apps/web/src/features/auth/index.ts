// The auth feature's public face: the app composes these; nothing reaches into its folders.
export { LoginForm } from './components/login-form';
export type { PasskeySlot, PasskeySlotProps } from './components/second-step-form';
export { loadAgentProfile } from './api/get-agent-profile';
export { useLogout } from './api/logout';
export { resumeSession } from './api/resume-session';
export { keepLoginShell } from './login-shell';
