export { rememberLanguage } from './api/set-agent-language';
