// SQL of the platform feed: the events applied once per (site, event id), and the rows events name
// by the platform's ids (games, wagers) or by login (players, agents).
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { EventEffect } from '@backline/contract';
import { queryRows, type Executor } from '../db/client.ts';
import { agents, events, platformEvents, players, wagerLegs, wagers } from '../db/schema.ts';

export interface ClaimedEvent {
  siteId: number;
  eventId: string;
  type: string;
  bodyHash: string;
  occurredAt: Date;
  appliedAt: Date;
  keyId: number | null;
}

/**
 * Takes the event id for this transaction. Concurrent copies wait on the unique key until the first
 * commits (then they find it) or rolls back (then one of them takes it): never two effects.
 */
export async function claimEvent(ex: Executor, row: ClaimedEvent): Promise<boolean> {
  const inserted = await ex
    .insert(platformEvents)
    .values({ ...row, result: {} })
    .onConflictDoNothing()
    .returning({ eventId: platformEvents.eventId });
  return inserted.length === 1;
}

export async function findEvent(ex: Executor, siteId: number, eventId: string) {
  const [row] = await ex
    .select({ bodyHash: platformEvents.bodyHash, result: platformEvents.result })
    .from(platformEvents)
    .where(and(eq(platformEvents.siteId, siteId), eq(platformEvents.eventId, eventId)));
  return row as { bodyHash: string; result: EventEffect } | undefined;
}

export async function saveEffect(
  ex: Executor,
  siteId: number,
  eventId: string,
  effect: EventEffect,
): Promise<void> {
  await ex
    .update(platformEvents)
    .set({ result: effect })
    .where(and(eq(platformEvents.siteId, siteId), eq(platformEvents.eventId, eventId)));
}

export async function agentByLogin(ex: Executor, siteId: number, login: string) {
  const [row] = await ex
    .select()
    .from(agents)
    .where(and(eq(agents.siteId, siteId), sql`lower(${agents.login}) = lower(${login})`));
  return row;
}

export async function playerByLogin(ex: Executor, siteId: number, login: string) {
  const [row] = await ex
    .select({ id: players.id, login: players.login, agentId: players.agentId })
    .from(players)
    .where(and(eq(players.siteId, siteId), sql`lower(${players.login}) = lower(${login})`));
  return row;
}

export async function insertPlayer(ex: Executor, row: typeof players.$inferInsert) {
  const [inserted] = await ex.insert(players).values(row).returning({ id: players.id });
  return inserted!;
}

export async function updatePlayer(
  ex: Executor,
  id: number,
  set: Partial<
    Pick<
      typeof players.$inferInsert,
      'name' | 'creditLimit' | 'maxWager' | 'productsOff' | 'status' | 'active'
    >
  >,
): Promise<void> {
  // An update naming nothing to change changes nothing (an empty SET is no statement).
  if (Object.keys(set).length === 0) return;
  await ex.update(players).set(set).where(eq(players.id, id));
}

export async function updateAgent(
  ex: Executor,
  id: number,
  set: Partial<Pick<typeof agents.$inferInsert, 'name' | 'active'>>,
): Promise<void> {
  await ex.update(agents).set(set).where(eq(agents.id, id));
}

export async function gameByRef(ex: Executor, siteId: number, ref: string) {
  const [row] = await ex
    .select({ id: events.id, status: events.status })
    .from(events)
    .where(and(eq(events.siteId, siteId), eq(events.externalId, ref)));
  return row;
}

export async function gamesByRef(ex: Executor, siteId: number, refs: string[]) {
  if (refs.length === 0) return new Map<string, { id: number; status: string }>();
  const rows = await ex
    .select({ ref: events.externalId, id: events.id, status: events.status })
    .from(events)
    .where(and(eq(events.siteId, siteId), inArray(events.externalId, refs)));
  return new Map(rows.map((r) => [r.ref!, { id: r.id, status: r.status }]));
}

export async function insertGame(ex: Executor, row: typeof events.$inferInsert) {
  const [inserted] = await ex.insert(events).values(row).returning({ id: events.id });
  return inserted!;
}

export async function updateGame(
  ex: Executor,
  id: number,
  set: Partial<Pick<typeof events.$inferInsert, 'startsAt' | 'homeScore' | 'awayScore' | 'status'>>,
): Promise<void> {
  await ex.update(events).set(set).where(eq(events.id, id));
}

export async function wagerByRef(ex: Executor, siteId: number, ref: string) {
  const [row] = await ex
    .select({ id: wagers.id, ticket: wagers.ticket, status: wagers.status })
    .from(wagers)
    .where(and(eq(wagers.siteId, siteId), eq(wagers.externalId, ref)));
  return row;
}

/** The login of the player holding each of these wagers, by the platform's id. */
export async function wagerOwners(
  ex: Executor,
  siteId: number,
  refs: readonly string[],
): Promise<Map<string, string>> {
  if (refs.length === 0) return new Map();
  const rows = await ex
    .select({ ref: wagers.externalId, login: players.login })
    .from(wagers)
    .innerJoin(players, eq(players.id, wagers.playerId))
    .where(and(eq(wagers.siteId, siteId), inArray(wagers.externalId, [...refs])));
  return new Map(rows.map((r) => [r.ref!, r.login]));
}

/** Closing lines and odds of a wager's legs, in leg order. */
export async function setClosingLines(
  ex: Executor,
  wagerId: number,
  legs: readonly { closingLine: number | null; closingOdds: number | null }[],
): Promise<void> {
  const ids = await ex
    .select({ id: wagerLegs.id })
    .from(wagerLegs)
    .where(eq(wagerLegs.wagerId, wagerId))
    .orderBy(wagerLegs.id);
  for (const [i, { id }] of ids.entries()) {
    const leg = legs[i];
    if (!leg || (leg.closingLine === null && leg.closingOdds === null)) continue;
    await ex
      .update(wagerLegs)
      .set({
        closingLine: leg.closingLine === null ? null : String(leg.closingLine),
        closingOdds: leg.closingOdds,
      })
      .where(eq(wagerLegs.id, id));
  }
}

/** What the accept rule reads of a player and the agents above it. */
export interface AcceptFacts {
  playerId: number;
  login: string;
  status: string;
  productsOff: string[];
  creditLimit: number;
  balance: number;
  atRisk: number;
  freePlayBalance: number;
  maxWager: number;
  /** Products turned off by any agent above the player. */
  agentProductsOff: string[];
  /** The lowest maximum-wager cap of the agents above; null when none sets one. */
  agentMaxWagerCap: number | null;
}

/** `lock`: read under the player's row lock, so a placing checks what it will post against. */
export async function acceptFacts(
  ex: Executor,
  siteId: number,
  login: string,
  lock: boolean,
): Promise<AcceptFacts | undefined> {
  const [row] = await queryRows<AcceptFacts>(
    ex,
    sql`select p.id as "playerId", p.login, p.status, p.products_off as "productsOff",
          p.credit_limit as "creditLimit", p.balance, p.at_risk as "atRisk",
          p.free_play_balance as "freePlayBalance", p.max_wager as "maxWager",
          coalesce((select array_agg(distinct off) from agent_closure c
                      join agents a on a.id = c.ancestor_id, unnest(a.products_off) off
                     where c.descendant_id = p.agent_id), '{}') as "agentProductsOff",
          (select min(a.max_wager_cap) from agent_closure c join agents a on a.id = c.ancestor_id
            where c.descendant_id = p.agent_id) as "agentMaxWagerCap"
        from players p
        where p.site_id = ${siteId} and lower(p.login) = lower(${login})
        ${lock ? sql`for update of p` : sql``}`,
  );
  if (!row) return undefined;
  return {
    ...row,
    creditLimit: Number(row.creditLimit),
    balance: Number(row.balance),
    atRisk: Number(row.atRisk),
    freePlayBalance: Number(row.freePlayBalance),
    maxWager: Number(row.maxWager),
    agentMaxWagerCap: row.agentMaxWagerCap === null ? null : Number(row.agentMaxWagerCap),
  };
}
