// The audit log: the module app.ts registers (reports/report-module.ts).
import { reportModule } from '../report-module.ts';
import { auditLogTable } from './audit-log-export.ts';
import { auditLogRoutes } from './audit-log-routes.ts';
import { createAuditLogService } from './audit-log-service.ts';

export const auditLog = reportModule('audit-log', {
  // An agent reads the act it just did: the primary, never a replica behind it.
  db: 'primary',
  service: createAuditLogService,
  routes: auditLogRoutes,
  exports: { auditLog: auditLogTable },
});
