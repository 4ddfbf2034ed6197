import type { ResponseOf } from '@backline/contract/core/endpoint';
import { getAuditLog, type AuditGroup } from '@backline/contract/reports/audit-log';
import type { PeriodRange } from '@/lib/period-range';
import { endpointQueryOptions, useReportQuery } from '@/lib/queries';

export type AuditLogFilters = PeriodRange & {
  idAgent: number;
  group?: AuditGroup;
  idActor?: number;
  idPlayer?: number;
  idTargetAgent?: number;
  search?: string;
  beforeId?: number;
  pageSize?: number;
};
export type AuditLogReport = ResponseOf<typeof getAuditLog>;

export const auditLogQueryOptions = (filters: AuditLogFilters) =>
  endpointQueryOptions(['audit-log', filters], getAuditLog, { body: filters });

export const useAuditLog = (filters: AuditLogFilters) =>
  useReportQuery(auditLogQueryOptions(filters));
