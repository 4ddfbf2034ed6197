// One audit row per security-relevant act: who, when, what, on whom, from which address, country
// and device, and for whom when an agent acts for a sub-agent. The database chains each row to the
// previous one of its site and refuses to change or remove any (migration 0033, decision 035).
import { sql } from 'drizzle-orm';
import type { AgentAuth } from '../auth/auth-context.ts';
import type { Executor } from '../db/query.ts';
import { currentOrigin } from '../http/request-origin.ts';

export interface AuditEntry {
  siteId: number | null;
  actorKind: 'agent' | 'player' | 'public' | 'system' | 'platform';
  actorId: number | null;
  action: string;
  targetKind?: 'agent' | 'player' | 'sign-up' | 'wager' | 'key' | 'webhook' | 'notification';
  targetId?: number;
  /** The address; the request's own when left out. */
  address?: string;
  requestId?: string;
  /** Never a secret: no password, code or token ever goes in here. */
  details?: Record<string, unknown>;
  /** When, by the app's clock; the database's when left out. */
  at?: Date;
}

/** Who asked, as a change's audit row names it: the address and the request. */
export interface Caller {
  address: string;
  requestId: string;
}

export async function audit(ex: Executor, entry: AuditEntry): Promise<void> {
  const origin = currentOrigin();
  const address = entry.address ?? origin?.ip ?? null;
  const details = { ...(address ? { address } : {}), ...entry.details };
  // The signed-in agent acting in a sub-agent's view: the row names both.
  const actingFor =
    origin?.selfAgentId !== undefined &&
    origin.viewAgentId !== origin.selfAgentId &&
    entry.actorKind === 'agent' &&
    entry.actorId === origin.selfAgentId
      ? (origin.viewAgentId ?? null)
      : null;
  await ex.execute(sql`
    insert into audit_log (site_id, actor_kind, actor_id, action, target_kind, target_id,
                           request_id, details, ip, country, device, acting_for, created_at)
    values (${entry.siteId}, ${entry.actorKind}, ${entry.actorId}, ${entry.action},
            ${entry.targetKind ?? null}, ${entry.targetId ?? null},
            ${entry.requestId ?? origin?.requestId ?? null}, ${JSON.stringify(details)}::jsonb,
            ${address}, ${origin?.country ?? null}, ${origin?.device ?? null}, ${actingFor},
            coalesce(${entry.at?.toISOString() ?? null}::timestamptz, now()))`);
}

/** The audit row of an act of the signed-in agent, in its site. */
export function auditAgent(
  ex: Executor,
  auth: Pick<AgentAuth, 'siteId' | 'selfAgentId'>,
  entry: Omit<AuditEntry, 'siteId' | 'actorKind' | 'actorId'>,
): Promise<void> {
  return audit(ex, {
    siteId: auth.siteId,
    actorKind: 'agent',
    actorId: auth.selfAgentId,
    ...entry,
  });
}
