// Reading the audit log (issue 20): a master reads its whole site, rows with no agent too (public
// lock-outs, sign-ups, the platform's); any other agent the rows whose book agent is in its subtree.
import {
  AUDIT_EXPORT_MAX_ROWS,
  auditGroupMatch,
  auditGroupOf,
  Period,
  type api,
  type AuditChange,
  type AuditLogRow,
  type ParsedBodyOf,
} from '@backline/contract';
import type { AgentAuth } from '../../auth/auth-context.ts';
import { agentInScope, playerInScope } from '../../agents/scope.ts';
import { resolvePeriod } from '../period.ts';
import type { ReportDeps } from '../report-module.ts';
import * as repo from './audit-log-repository.ts';

export type AuditLogRequest = ParsedBodyOf<typeof api.getAuditLog>;

/** Keys a row's details keep that the row already shows in its own columns. */
const SHOWN_ELSEWHERE = new Set(['before', 'after', 'address', 'actingFor']);
const MAX_TEXT = 200;

function asText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Before → after per field that differs; a whole value when either side is not an object. */
export function changesOf(details: Record<string, unknown>): AuditChange[] {
  if (!('before' in details) && !('after' in details)) return [];
  const { before, after } = details;
  if (!isRecord(before) || !isRecord(after)) {
    return [{ Field: '', Before: asText(before), After: asText(after) }];
  }
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields
    .filter((f) => JSON.stringify(before[f]) !== JSON.stringify(after[f]))
    .map((f) => ({ Field: f, Before: asText(before[f]), After: asText(after[f]) }));
}

export function detailsOf(details: Record<string, unknown>): AuditLogRow['Details'] {
  return Object.entries(details)
    .filter(([key]) => !SHOWN_ELSEWHERE.has(key))
    .map(([Key, value]) => ({ Key, Value: asText(value) ?? '' }));
}

function toRow(r: repo.AuditLogDbRow): AuditLogRow {
  const details = isRecord(r.details) ? r.details : {};
  return {
    Id: Number(r.id),
    At: r.at,
    ActorKind: r.actor_kind as AuditLogRow['ActorKind'],
    IdActor: r.actor_id,
    Actor: r.actor ?? '',
    ActingFor: r.acting_for,
    Action: r.action,
    Group: auditGroupOf(r.action),
    TargetKind: r.target_kind,
    IdTarget: r.target_id === null ? null : Number(r.target_id),
    Target: r.target,
    Ip: r.ip,
    Country: r.country,
    Device: r.device,
    Changes: changesOf(details),
    Details: detailsOf(details),
  };
}

export function createAuditLogService({ db, now }: Pick<ReportDeps, 'db' | 'now'>) {
  async function queryOf(auth: AgentAuth, req: AuditLogRequest) {
    const agent = await agentInScope(db, auth, req.idAgent);
    // A player or agent acted on is one the caller may see (outside, answered as not found); the
    // actor may be above it (a master acting in its book), so it only narrows the rows in scope.
    if (req.idPlayer !== undefined) await playerInScope(db, auth, req.idPlayer);
    if (req.idTargetAgent !== undefined) await agentInScope(db, auth, req.idTargetAgent);
    const range = resolvePeriod(auth.timeZone, req, now(), Period.ThisWeek);
    const master = await repo.isMaster(db, agent.id);
    const query: Omit<repo.AuditLogQuery, 'limit' | 'beforeId'> = {
      siteId: auth.siteId,
      subtreeOf: master ? null : agent.id,
      timeZone: auth.timeZone,
      startDate: range.StartDate,
      endDate: range.EndDate,
      actions: req.group ? auditGroupMatch(req.group) : undefined,
      actorId: req.idActor,
      playerId: req.idPlayer,
      targetAgentId: req.idTargetAgent,
      search: req.search,
    };
    return { range, query };
  }

  /** One page, newest first, from `beforeId` down. */
  async function auditLog(auth: AgentAuth, req: AuditLogRequest) {
    const { range, query } = await queryOf(auth, req);
    const rows = await repo.selectAuditLog(db, {
      ...query,
      beforeId: req.beforeId,
      limit: req.pageSize + 1,
    });
    const page = rows.slice(0, req.pageSize).map(toRow);
    const more = rows.length > req.pageSize;
    return { ...range, Rows: page, NextBeforeId: more ? page.at(-1)!.Id : null };
  }

  /** The period whole, for the file: up to AUDIT_EXPORT_MAX_ROWS rows, the newest. */
  async function auditLogWhole(auth: AgentAuth, req: AuditLogRequest) {
    const { range, query } = await queryOf(auth, req);
    const rows = await repo.selectAuditLog(db, { ...query, limit: AUDIT_EXPORT_MAX_ROWS });
    return { ...range, Rows: rows.map(toRow), NextBeforeId: null };
  }

  return { auditLog, auditLogWhole };
}

export type AuditLogService = ReturnType<typeof createAuditLogService>;
