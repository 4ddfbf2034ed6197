import { api } from '@backline/contract';
import type { AddRoute } from '../../http/route.ts';
import type { AuditLogService } from './audit-log-service.ts';

export function auditLogRoutes(route: AddRoute, service: AuditLogService): void {
  route(api.getAuditLog, ({ auth, body }) => service.auditLog(auth, body));
}
