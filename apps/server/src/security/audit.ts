// One audit row per security-relevant act: who, when, what, on whom, from which address.
import type { Executor } from '../db/query.ts';
import { auditLog } from '../db/schema.ts';

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

export async function audit(ex: Executor, entry: AuditEntry): Promise<void> {
  await ex.insert(auditLog).values({
    siteId: entry.siteId,
    actorKind: entry.actorKind,
    actorId: entry.actorId,
    action: entry.action,
    targetKind: entry.targetKind ?? null,
    targetId: entry.targetId ?? null,
    requestId: entry.requestId ?? null,
    details: { address: entry.address, ...entry.details },
  });
}
