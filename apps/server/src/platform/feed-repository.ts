// SQL of the platform feed: the events applied once per (site, event id), and the rows events name
// by the platform's ids (games, wagers) or by login (players, agents).
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { EventEffect } from '@backline/contract';
import { queryRows, type Executor } from '../db/client.ts';
import { intArray, textArray } from '../db/sql-arrays.ts';
import { jsonRecords, updateRecords } from '../db/json-records.ts';
import type { LockedPlayer, WagerRow } from '../ledger/ledger-repository.ts';
import { agents, events, platformEvents, players, wagers } from '../db/schema.ts';

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

/** What the accept rule reads, as columns of a player `p`. */
const ACCEPT_COLUMNS = sql`p.id as "playerId", p.login, p.status, p.products_off as "productsOff",
  p.credit_limit as "creditLimit", p.balance, p.at_risk as "atRisk",
  p.free_play_balance as "freePlayBalance", p.max_wager as "maxWager",
  coalesce((select array_agg(distinct off) from agent_closure c
              join agents a on a.id = c.ancestor_id, unnest(a.products_off) off
             where c.descendant_id = p.agent_id), '{}') as "agentProductsOff",
  (select min(a.max_wager_cap) from agent_closure c join agents a on a.id = c.ancestor_id
    where c.descendant_id = p.agent_id) as "agentMaxWagerCap"`;

/** Money comes as text from node-postgres (int8). */
function factsOf(row: AcceptFacts): AcceptFacts {
  return {
    playerId: row.playerId,
    login: row.login,
    status: row.status,
    productsOff: row.productsOff,
    creditLimit: Number(row.creditLimit),
    balance: Number(row.balance),
    atRisk: Number(row.atRisk),
    freePlayBalance: Number(row.freePlayBalance),
    maxWager: Number(row.maxWager),
    agentProductsOff: row.agentProductsOff,
    agentMaxWagerCap: row.agentMaxWagerCap === null ? null : Number(row.agentMaxWagerCap),
  };
}

/** The facts of one player by login, for the accept check (no lock: it posts nothing). */
export async function acceptFacts(
  ex: Executor,
  siteId: number,
  login: string,
): Promise<AcceptFacts | undefined> {
  const [row] = await queryRows<AcceptFacts>(
    ex,
    sql`select ${ACCEPT_COLUMNS} from players p
        where p.site_id = ${siteId} and lower(p.login) = lower(${login})`,
  );
  return row && factsOf(row);
}

/** A player a chunk posts for, locked: its accept facts, and its ledger state's raw parts. */
export interface ChunkPlayer {
  player: LockedPlayer;
  facts: AcceptFacts;
  lastEntryAt: Date | null;
  daily: Record<string, unknown> | null;
  weekly: Record<string, unknown> | null;
}

/**
 * Locks the players a chunk names (by login or id) in id order, the order every chunk takes them
 * in, and reads what posting needs under the lock: as lockPlayer and loadLedgerState do for one.
 */
export async function lockChunkPlayers(
  ex: Executor,
  siteId: number,
  logins: readonly string[],
  ids: readonly number[],
): Promise<ChunkPlayer[]> {
  const rows = await queryRows<
    AcceptFacts & {
      siteId: number;
      agentId: number;
      currency: string;
      timeZone: string;
      lastEntryAt: Date | string | null;
      daily: Record<string, unknown> | null;
      weekly: Record<string, unknown> | null;
    }
  >(
    ex,
    sql`select ${ACCEPT_COLUMNS}, p.site_id as "siteId", p.agent_id as "agentId", p.currency,
          s.time_zone as "timeZone",
          (select l.created_at from ledger l where l.player_id = p.id
            order by l.created_at desc, l.id desc limit 1) as "lastEntryAt",
          (select row_to_json(d) from player_daily d where d.player_id = p.id
            order by d.day desc limit 1) as daily,
          (select row_to_json(w) from player_weekly w where w.player_id = p.id
            order by w.week_start desc limit 1) as weekly
        from players p join sites s on s.id = p.site_id
        where p.site_id = ${siteId}
          and (lower(p.login) = any(${textArray(logins.map((l) => l.toLowerCase()))})
               or p.id = any(${intArray(ids)}))
        order by p.id
        for update of p`,
  );
  return rows.map((row) => {
    const facts = factsOf(row);
    return {
      facts,
      player: {
        id: row.playerId,
        siteId: row.siteId,
        agentId: row.agentId,
        login: row.login,
        currency: row.currency,
        balance: facts.balance,
        freePlayBalance: facts.freePlayBalance,
        atRisk: facts.atRisk,
        timeZone: row.timeZone,
      },
      lastEntryAt: row.lastEntryAt === null ? null : new Date(row.lastEntryAt),
      daily: row.daily,
      weekly: row.weekly,
    };
  });
}

/**
 * Claims a chunk's event ids at once, as claimEvent does one: those another transaction holds are
 * left out of the answer (found with findEvents once it has committed).
 */
export async function claimEvents(
  ex: Executor,
  rows: readonly ClaimedEvent[],
): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const claimed = await queryRows<{ eventId: string }>(
    ex,
    sql`insert into ${platformEvents} (site_id, event_id, type, body_hash, result, occurred_at,
          applied_at, key_id)
        select site_id, event_id, type, body_hash, '{}'::jsonb, occurred_at, applied_at, key_id
          from ${jsonRecords(
            platformEvents,
            rows.map((r) => ({ ...r, result: {} })),
          )}
        on conflict do nothing
        returning event_id as "eventId"`,
  );
  return new Set(claimed.map((r) => r.eventId));
}

export async function findEvents(ex: Executor, siteId: number, eventIds: readonly string[]) {
  const rows = await queryRows<{ eventId: string; bodyHash: string; result: EventEffect }>(
    ex,
    sql`select event_id as "eventId", body_hash as "bodyHash", result from ${platformEvents}
        where site_id = ${siteId} and event_id = any(${textArray(eventIds)})`,
  );
  return new Map(rows.map((r) => [r.eventId, r]));
}

/** Each applied event's effect, answered again to a copy of it. */
export async function saveEffects(
  ex: Executor,
  siteId: number,
  effects: readonly { eventId: string; result: EventEffect }[],
): Promise<void> {
  await updateRecords(
    ex,
    platformEvents,
    ['siteId', 'eventId'],
    ['result'],
    effects.map((e) => ({ siteId, ...e })),
  );
}

/** Claims of events refused in the chunk: a refused event leaves no record, so it can come again. */
export async function dropClaims(ex: Executor, siteId: number, eventIds: readonly string[]) {
  if (eventIds.length === 0) return;
  await ex.execute(
    sql`delete from ${platformEvents}
        where site_id = ${siteId} and event_id = any(${textArray(eventIds)})`,
  );
}

export interface ChunkGame {
  id: number;
  status: string;
  sport: string;
}

/** The games a chunk's legs name, by the platform's id. */
export async function chunkGames(ex: Executor, siteId: number, refs: readonly string[]) {
  if (refs.length === 0) return new Map<string, ChunkGame>();
  const rows = await queryRows<ChunkGame & { ref: string }>(
    ex,
    sql`select external_id as ref, id, status, sport from ${events}
        where site_id = ${siteId} and external_id = any(${textArray(refs)})`,
  );
  return new Map(rows.map((r) => [r.ref, { id: r.id, status: r.status, sport: r.sport }]));
}

/** The book's wagers a chunk names, by the platform's id: who holds each (read without a lock). */
export async function chunkWagers(ex: Executor, siteId: number, refs: readonly string[]) {
  if (refs.length === 0) return new Map<string, { id: number; playerId: number }>();
  const rows = await queryRows<{ ref: string; id: string | number; playerId: number }>(
    ex,
    sql`select external_id as ref, id, player_id as "playerId" from ${wagers}
        where site_id = ${siteId} and external_id = any(${textArray(refs)})`,
  );
  return new Map(rows.map((r) => [r.ref, { id: Number(r.id), playerId: r.playerId }]));
}

/** Wager ids taken ahead, so tickets (derived from ids) are written with their rows. */
export async function nextWagerIds(ex: Executor, count: number): Promise<number[]> {
  if (count === 0) return [];
  const rows = await queryRows<{ id: string | number }>(
    ex,
    sql`select nextval(pg_get_serial_sequence('wagers', 'id')) as id
        from generate_series(1, ${count}::int)`,
  );
  return rows.map((r) => Number(r.id));
}

/** Locks these wagers (after their players, the order every posting takes) with their legs' count. */
export async function lockChunkWagers(ex: Executor, siteId: number, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, WagerRow & { legs: number }>();
  const rows = await ex
    .select({
      wager: wagers,
      // Written out: drizzle leaves a one-table select's columns unqualified, and `id` is the leg's.
      legs: sql<number>`(select count(*)::int from wager_legs l where l.wager_id = wagers.id)`,
    })
    .from(wagers)
    .where(and(eq(wagers.siteId, siteId), inArray(wagers.id, [...ids])))
    .orderBy(wagers.id)
    .for('update', { of: wagers });
  return new Map(rows.map((r) => [r.wager.id, { ...r.wager, legs: Number(r.legs) }]));
}
