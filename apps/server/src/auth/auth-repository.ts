// SQL of sessions and accounts; takes a database or an open transaction.
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { agentClosure, agents, loginTokens, players, sessions, sites } from '../db/schema.ts';

export async function findSite(db: Executor, siteId: number) {
  const [site] = await db.select().from(sites).where(eq(sites.id, siteId));
  return site ?? null;
}

export async function findAgentByLogin(db: Executor, siteId: number, login: string) {
  const [agent] = await db
    .select()
    .from(agents)
    .where(and(eq(agents.siteId, siteId), sql`lower(${agents.login}) = lower(${login})`));
  return agent ?? null;
}

export async function findPlayerByLogin(db: Executor, siteId: number, login: string) {
  const [player] = await db
    .select()
    .from(players)
    .where(and(eq(players.siteId, siteId), sql`lower(${players.login}) = lower(${login})`));
  return player ?? null;
}

export async function findAgent(db: Executor, agentId: number) {
  const [agent] = await db.select().from(agents).where(eq(agents.id, agentId));
  return agent ?? null;
}

export async function insertSession(db: Executor, row: typeof sessions.$inferInsert) {
  const [s] = await db.insert(sessions).values(row).returning();
  return s!;
}

export async function findLiveSession(db: Executor, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ session: sessions, site: sites })
    .from(sessions)
    .innerJoin(sites, eq(sites.id, sessions.siteId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        isNull(sessions.revokedAt),
        gt(sessions.idleExpiresAt, now),
        gt(sessions.absoluteExpiresAt, now),
      ),
    );
  return row ?? null;
}

export async function touchSession(db: Executor, id: number, now: Date, idleExpiresAt: Date) {
  await db.update(sessions).set({ lastSeenAt: now, idleExpiresAt }).where(eq(sessions.id, id));
}

export async function revokeSession(db: Executor, id: number, now: Date) {
  await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, id));
}

export async function isInSubtree(db: Executor, ancestorId: number, agentId: number) {
  const [row] = await db
    .select({ depth: agentClosure.depth })
    .from(agentClosure)
    .where(and(eq(agentClosure.ancestorId, ancestorId), eq(agentClosure.descendantId, agentId)));
  return row !== undefined;
}

/** Marks a one-time log-in token used and returns it, or null when unknown, used or expired. */
export async function consumeLoginToken(
  db: Executor,
  tokenHash: string,
  siteId: number,
  now: Date,
) {
  const [row] = await db
    .update(loginTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(loginTokens.tokenHash, tokenHash),
        eq(loginTokens.siteId, siteId),
        isNull(loginTokens.usedAt),
        gt(loginTokens.expiresAt, now),
      ),
    )
    .returning();
  return row ?? null;
}

export async function insertLoginToken(db: Executor, row: typeof loginTokens.$inferInsert) {
  await db.insert(loginTokens).values(row);
}

/**
 * Counts a failed log-in; the LOCKOUT_AFTER-th in a row locks the account and starts the count again.
 * Returns whether this failure locked it.
 */
export async function countFailedLogin(
  db: Executor,
  kind: 'agent' | 'player',
  id: number,
  now: Date,
  after: number,
  lockMs: number,
): Promise<boolean> {
  const table = kind === 'agent' ? agents : players;
  const until = new Date(now.getTime() + lockMs);
  const [row] = await db
    .update(table)
    .set({
      failedLogins: sql`case when ${table.failedLogins} + 1 >= ${after} then 0 else ${table.failedLogins} + 1 end`,
      lockedUntil: sql`case when ${table.failedLogins} + 1 >= ${after} then ${until.toISOString()}::timestamptz else ${table.lockedUntil} end`,
    })
    .where(eq(table.id, id))
    .returning({ failedLogins: table.failedLogins, lockedUntil: table.lockedUntil });
  return (
    row !== undefined && row.failedLogins === 0 && row.lockedUntil?.getTime() === until.getTime()
  );
}

export async function clearFailedLogins(db: Executor, kind: 'agent' | 'player', id: number) {
  const table = kind === 'agent' ? agents : players;
  await db.update(table).set({ failedLogins: 0, lockedUntil: null }).where(eq(table.id, id));
}
