// One audit row per security-relevant act: who, when, what, on whom, from which address.
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/query.ts';

export interface AuditEntry {
  siteId: number | null;
  actorKind: 'agent' | 'player' | 'public' | 'system';
  actorId: number | null;
  action: string;
  targetKind?: 'agent' | 'player' | 'sign-up';
  targetId?: number;
  address: string;
  requestId?: string;
  /** Never a secret: no password, code or token ever goes in here. */
  details?: Record<string, unknown>;
}

/** Who asked, as a change's audit row names it: the address and the request. */
export interface Caller {
  address: string;
  requestId: string;
}

export async function audit(ex: Executor, entry: AuditEntry): Promise<void> {
  const details = { address: entry.address, ...entry.details };
  await ex.execute(sql`
    insert into audit_log (site_id, actor_kind, actor_id, action, target_kind, target_id,
                           request_id, details)
    values (${entry.siteId}, ${entry.actorKind}, ${entry.actorId}, ${entry.action},
            ${entry.targetKind ?? null}, ${entry.targetId ?? null}, ${entry.requestId ?? null},
            ${JSON.stringify(details)}::jsonb)`);
}
