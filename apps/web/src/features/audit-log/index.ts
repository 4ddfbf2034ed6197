// The audit log's public face for the router.
export { AuditLog } from './components/audit-log';
