// The audit log as a file: one line per act of the period, newest first, with before → after and
// the rest of what it kept in words; no totals (nothing in it adds up).
import { auditActionKey, type AuditLogRow } from '@backline/contract';
import type { Column } from '../../export/export-table.ts';
import type { TableSource } from '../../export/export-source.ts';
import { prepare } from '../../export/export-source.ts';
import { agentTitle } from '../../export/export-context.ts';
import { instant, text, whole } from '../../export/export-columns.ts';
import { labelOf, type Labels } from '../../export/export-labels.ts';
import type { AuditLogService } from './audit-log-service.ts';

function who(labels: Labels, r: AuditLogRow): string {
  const kind = labelOf(labels.auditActorKinds, r.ActorKind);
  return r.Actor ? `${r.Actor} (${kind})` : kind;
}

const changes = (r: AuditLogRow) =>
  r.Changes.map(
    (c) => `${c.Field ? `${c.Field}: ` : ''}${c.Before ?? '—'} → ${c.After ?? '—'}`,
  ).join('; ');

export const auditLogTable: TableSource<AuditLogService, 'auditLog'> = async (
  service,
  ctx,
  filters,
) => {
  const answer = await service.auditLogWhole(ctx.auth, filters);
  const l = ctx.labels.columns;
  const labels = ctx.labels;
  const columns: Column<AuditLogRow>[] = [
    instant(l.when, (r) => r.At),
    text(l.actor, (r) => who(labels, r)),
    text(l.actingFor, (r) => r.ActingFor),
    text(l.action, (r) => labelOf(labels.auditActions, auditActionKey(r.Action))),
    text(l.target, (r) => r.Target ?? (r.IdTarget === null ? null : `#${r.IdTarget}`)),
    text(l.ip, (r) => r.Ip),
    text(l.country, (r) => r.Country),
    text(l.device, (r) => r.Device),
    text(l.changes, changes),
    text(l.details, (r) => r.Details.map((d) => `${d.Key}: ${d.Value}`).join('; ')),
  ];
  return prepare<AuditLogRow>({
    ...(await agentTitle(
      ctx,
      'auditLog',
      'audit-log',
      { idAgent: filters.idAgent, search: filters.search },
      answer,
    )),
    columns,
    currencyOf: () => null,
    inTotals: () => false,
    chunks: whole(answer.Rows),
  });
};
