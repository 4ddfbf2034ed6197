// SQL of the sessions a user sees and ends (issue 20 item 3); takes a database or a transaction.
import { sql } from 'drizzle-orm';
import type { SessionEndReason } from '@backline/contract';
import { queryRows, type Executor } from '../db/query.ts';

/** Whose sessions: an agent's or a player's account. */
export interface SessionOwner {
  kind: 'agent' | 'player';
  id: number;
}

export interface LiveSessionDbRow {
  id: number;
  device: string | null;
  ip: string | null;
  country: string | null;
  method: string | null;
  created_at: Date | string;
  last_seen_at: Date | string;
  expires_at: Date | string;
}

const ownedBy = (owner: SessionOwner) =>
  owner.kind === 'agent'
    ? sql`s.kind = 'agent' and s.agent_id = ${owner.id}`
    : sql`s.kind = 'player' and s.player_id = ${owner.id}`;

const liveAt = (now: Date) => {
  const at = now.toISOString();
  return sql`s.revoked_at is null and s.idle_expires_at > ${at}::timestamptz
    and s.absolute_expires_at > ${at}::timestamptz`;
};

/** The account's live sessions, the most recently used first. */
export function selectLiveSessions(ex: Executor, owner: SessionOwner, now: Date) {
  return queryRows<LiveSessionDbRow>(
    ex,
    sql`select s.id, s.device, s.ip, s.country, s.method, s.created_at, s.last_seen_at,
          least(s.idle_expires_at, s.absolute_expires_at) as expires_at
        from sessions s
        where ${ownedBy(owner)} and ${liveAt(now)}
        order by s.last_seen_at desc, s.id desc`,
  );
}

/**
 * Ends the account's live sessions (only `id` when given, all but `keep` when given) and answers
 * how many it ended: a session already ended or someone else's is left as it is.
 */
export async function endSessions(
  ex: Executor,
  owner: SessionOwner,
  end: { now: Date; reason: SessionEndReason; id?: number; keep?: number },
): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`update sessions s set revoked_at = ${end.now.toISOString()}::timestamptz,
          revoked_reason = ${end.reason}
        where ${ownedBy(owner)} and ${liveAt(end.now)}
          ${end.id !== undefined ? sql`and s.id = ${end.id}` : sql``}
          ${end.keep !== undefined ? sql`and s.id <> ${end.keep}` : sql``}
        returning s.id`,
  );
  return rows.length;
}
