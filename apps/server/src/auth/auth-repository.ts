// SQL of sessions and accounts; takes a database or an open transaction.
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/query.ts';
import { withPlanHints } from '../db/plan-hints.ts';
import { agents, loginTokens, players, sessions, sites } from '../db/schema.ts';

export async function findSite(db: Executor, siteId: number) {
  const [site] = await db.select().from(sites).where(eq(sites.id, siteId));
  return site ?? null;
}

/** The agent of the site whose login (or e-mail), any case, is `value`. */
export async function findAgentBy(
  db: Executor,
  siteId: number,
  field: 'login' | 'email',
  value: string,
) {
  const [agent] = await db
    .select()
    .from(agents)
    .where(and(eq(agents.siteId, siteId), sql`lower(${agents[field]}) = lower(${value})`));
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

export async function touchSession(db: Executor, id: number, now: Date, idleExpiresAt: Date) {
  await db.update(sessions).set({ lastSeenAt: now, idleExpiresAt }).where(eq(sessions.id, id));
}

/** The session of the token while it lives: neither revoked nor expired, its account active. */
const liveSession = (tokenHash: string, at: string) =>
  sql`s.token_hash = ${tokenHash} and s.revoked_at is null
          and s.idle_expires_at > ${at}::timestamptz and s.absolute_expires_at > ${at}::timestamptz
          -- A deactivated agent or a closed player is signed out at once, whoever closed it.
          and coalesce((select a.active from agents a where a.id = s.agent_id),
                       (select p.active from players p where p.id = s.player_id))`;

/** A live session by its token, with the login and language of its account (to resume it). */
export async function findLiveSession(db: Executor, tokenHash: string, now: Date) {
  const at = now.toISOString();
  const [row] = await queryRows<{
    id: number;
    kind: string;
    site_id: number;
    principal: string;
    login: string;
    language: string;
    absolute_expires_at: Date | string;
  }>(
    db,
    sql`select s.id, s.kind, s.site_id, s.principal, coalesce(a.login, p.login) as login,
          coalesce(a.language, p.language) as language, s.absolute_expires_at
        from sessions s
        left join agents a on a.id = s.agent_id
        left join players p on p.id = s.player_id
        where ${liveSession(tokenHash, at)}`,
  );
  return row ?? null;
}

export async function sessionAbsoluteExpiry(db: Executor, id: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: sessions.absoluteExpiresAt })
    .from(sessions)
    .where(eq(sessions.id, id));
  return row?.at ?? null;
}

export async function revokeSession(db: Executor, id: number, now: Date) {
  await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: 'logout' })
    .where(eq(sessions.id, id));
}

/** The condition of a one-time log-in token still usable: this site's, unused, unexpired. */
const usableLoginToken = (tokenHash: string, siteId: number, now: Date) =>
  and(
    eq(loginTokens.tokenHash, tokenHash),
    eq(loginTokens.siteId, siteId),
    isNull(loginTokens.usedAt),
    gt(loginTokens.expiresAt, now),
  );

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
    .where(usableLoginToken(tokenHash, siteId, now))
    .returning();
  return row ?? null;
}

/** A one-time log-in token still usable, without spending it. */
export async function findLoginToken(db: Executor, tokenHash: string, siteId: number, now: Date) {
  const [row] = await db
    .select()
    .from(loginTokens)
    .where(usableLoginToken(tokenHash, siteId, now));
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

export interface ResolvedSessionRow {
  id: number;
  site_id: number;
  kind: string;
  agent_id: number | null;
  player_id: number | null;
  principal: string;
  last_seen_at: Date | string;
  idle_expires_at: Date | string;
  absolute_expires_at: Date | string;
  time_zone: string;
  currency: string;
  view_id: number | null;
  view_login: string | null;
  view_name: string | null;
  /** Rights of the view agent and of every agent above it, each list joined by commas. */
  chain_rights: string[] | null;
}

/**
 * Everything a request needs to know about its caller in one round trip: the live session, its
 * site, the agent whose view it is (itself, or `actAs` when inside its subtree) and the rights of
 * that agent's chain. Prepared, so its one plan must suit every caller: each step is a lookup by
 * key (the closure by both ends, each agent of the chain by id), whatever the size of the tree.
 */
export async function resolveSession(
  db: Executor,
  tokenHash: string,
  now: Date,
  actAs: number | null,
) {
  const at = now.toISOString();
  const [row] = await withPlanHints<ResolvedSessionRow>(
    db,
    'resolve-session',
    () => sql`select s.id, s.site_id, s.kind, s.agent_id, s.player_id, s.principal, s.last_seen_at,
          s.idle_expires_at, s.absolute_expires_at, st.time_zone, st.currency, v.id as view_id,
          v.login as view_login, v.name as view_name,
          (select array_agg(array_to_string(
                    (select a.rights from agents a where a.id = c.ancestor_id), ','))
             from agent_closure c where c.descendant_id = v.id) as chain_rights
        from sessions s
        join sites st on st.id = s.site_id
        left join lateral (
          select a.id, a.login, a.name from agent_closure c
          join agents a on a.id = c.descendant_id
          where c.ancestor_id = s.agent_id and c.descendant_id = coalesce(${actAs}::int, s.agent_id)
        ) v on true
        where ${liveSession(tokenHash, at)}`,
  );
  return row ?? null;
}
