// A change to a player as it is kept: the audit row with what was and is (the player's History
// tab reads it back), and the webhook the platform hears it by, in the caller's transaction.
import type { AgentAuth } from '../../auth/auth-context.ts';
import { entrantOf } from '../../agents/entrant.ts';
import type { Executor } from '../../db/query.ts';
import { auditAgent, type Caller } from '../../security/audit-repository.ts';
import type { AgentAction, Outbox } from '../../webhooks/outbox.ts';

export interface PlayerChangeRecord<T> {
  action: string;
  playerId: number;
  was: T;
  is: T;
  at: Date;
  /** The webhook the platform hears it by, if any. */
  webhook?: AgentAction['type'] | undefined;
  /** More to keep on the audit row. */
  details?: Record<string, unknown>;
}

/** Records a change unless nothing changed; answers whether it wrote anything. */
export async function recordPlayerChange<T>(
  tx: Executor,
  outbox: Outbox | undefined,
  auth: AgentAuth,
  caller: Caller,
  c: PlayerChangeRecord<T>,
): Promise<boolean> {
  if (JSON.stringify(c.was) === JSON.stringify(c.is)) return false;
  await auditAgent(tx, auth, {
    action: c.action,
    targetKind: 'player',
    targetId: c.playerId,
    address: caller.address,
    requestId: caller.requestId,
    details: { actingFor: auth.agentId, ...c.details, before: c.was, after: c.is },
  });
  if (c.webhook)
    await outbox?.record(tx, {
      siteId: auth.siteId,
      type: c.webhook,
      playerId: c.playerId,
      at: c.at,
      data: { Before: c.was, After: c.is, ChangedBy: await entrantOf(tx, auth) },
    });
  return true;
}
