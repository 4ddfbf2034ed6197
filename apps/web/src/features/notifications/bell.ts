// The header's entry into the feature, apart from the screen so the shell's chunk stays small.
export { NotificationBell } from './components/notification-bell';
