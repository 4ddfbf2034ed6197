// SQL of the platform feed: the events applied once per (site, event id), and the rows events name
// by the platform's ids (games, wagers) or by login (players, agents).
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { NO_WAGER_LIMITS, type EventEffect, type WagerLimits } from '@backline/contract';
import { queryRows, type Executor } from '../db/query.ts';
import { queryPrepared } from '../db/plan-hints.ts';
import type { Statement } from '../db/trip-transaction.ts';
import { intArray, textArray } from '../db/sql-arrays.ts';
import { fromRecord, jsonRecords, updateRecords } from '../db/json-records.ts';
import type { LockedPlayer, WagerRow } from '../ledger/ledger-repository.ts';
import {
  agents,
  events,
  platformEvents,
  platformSignatures,
  players,
  wagers,
} from '../db/schema.ts';

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

/**
 * The platform's ids as a set to join on. `external_id = any(...)` against the partial unique
 * indexes on (site_id, external_id) is planned with the site alone as the index condition, reading
 * every wager the platform ever sent (75 ms at 130,000); a join probes the index once per id.
 */
function refSet(refs: readonly string[]): SQL {
  return sql`unnest(${textArray(refs)}) as r(ref)`;
}

export async function gamesByRef(ex: Executor, siteId: number, refs: string[]) {
  if (refs.length === 0) return new Map<string, { id: number; status: string; sport: string }>();
  const rows = await queryRows<{ ref: string; id: number; status: string; sport: string }>(
    ex,
    sql`select e.external_id as ref, e.id, e.status, e.sport
        from ${refSet(refs)} join ${events} e on e.site_id = ${siteId} and e.external_id = r.ref`,
  );
  return new Map(rows.map((r) => [r.ref, { id: r.id, status: r.status, sport: r.sport }]));
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
  const rows = await queryRows<{ ref: string; login: string }>(
    ex,
    sql`select w.external_id as ref, p.login
        from ${refSet(refs)} join ${wagers} w on w.site_id = ${siteId} and w.external_id = r.ref
          join ${players} p on p.id = w.player_id`,
  );
  return new Map(rows.map((r) => [r.ref, r.login]));
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
  /** Credit on top of the limit while tempCreditUntil is ahead of the wager. */
  tempCredit: number;
  tempCreditUntil: Date | null;
  wagerLimits: WagerLimits;
  /** Products turned off by any agent above the player. */
  agentProductsOff: string[];
  /**
   * The lowest maximum-wager cap of the agents above, or the player's own approved ceiling above
   * it; null when no agent sets one.
   */
  agentMaxWagerCap: number | null;
}

/**
 * What the accept rule reads, as columns of a player `p` and of `f`, the facts of the agents above
 * it (agentFacts).
 */
const ACCEPT_COLUMNS = sql`p.id as "playerId", p.login, p.status, p.products_off as "productsOff",
  p.credit_limit as "creditLimit", p.balance, p.at_risk as "atRisk",
  p.free_play_balance as "freePlayBalance", p.max_wager as "maxWager",
  p.temp_credit as "tempCredit", p.temp_credit_until as "tempCreditUntil",
  p.wager_limits as "wagerLimits",
  coalesce(f.products_off, '{}') as "agentProductsOff",
  case when f.max_wager_cap is not null then greatest(f.max_wager_cap, p.max_wager_approved) end
    as "agentMaxWagerCap"`;

/**
 * For each of the agents `ids`, what the agents above it (itself included) turn off and the lowest
 * maximum wager they set: once per agent, however many of its players are asked about.
 */
function agentFacts(ids: SQL): SQL {
  return sql`(select c.descendant_id as agent_id,
      array_agg(distinct off) filter (where off is not null) as products_off,
      min(a.max_wager_cap) as max_wager_cap
    from agent_closure c join agents a on a.id = c.ancestor_id
      left join lateral unnest(a.products_off) off on true
    where c.descendant_id = any(${ids})
    group by c.descendant_id)`;
}

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
    tempCredit: Number(row.tempCredit),
    tempCreditUntil: row.tempCreditUntil === null ? null : new Date(row.tempCreditUntil),
    // Stored by the limits service after the contract checked it; {} is no limit at all.
    wagerLimits: { ...NO_WAGER_LIMITS, ...row.wagerLimits },
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
          left join lateral ${agentFacts(sql`array[p.agent_id]`)} f on true
        where p.site_id = ${siteId} and lower(p.login) = lower(${login})`,
  );
  return row && factsOf(row);
}

/** A player a chunk posts for, locked: its accept facts, and its ledger state's raw parts. */
export interface ChunkPlayer {
  player: LockedPlayer;
  facts: AcceptFacts;
  /** Every agent above the player, its own included: whom its events go to live. */
  above: number[];
  lastEntryAt: Date | null;
  daily: Record<string, unknown> | null;
  weekly: Record<string, unknown> | null;
}

/**
 * What posting reads of the chunk's players, locked by startChunk (as loadLedgerState does for
 * one), and the book's wagers it grades with their legs' count; one statement after the lock.
 */
export async function chunkState(
  ex: Executor,
  siteId: number,
  locked: readonly number[],
  graded: readonly string[],
): Promise<{ players: ChunkPlayer[]; wagers: Map<string, WagerRow & { legs: number }> }> {
  const held = intArray(locked);
  const [row] = await queryPrepared<{
    players: (AcceptFacts & {
      siteId: number;
      agentId: number;
      currency: string;
      timeZone: string;
      above: number[];
      lastEntryAt: string | null;
      daily: Record<string, unknown> | null;
      weekly: Record<string, unknown> | null;
    })[];
    wagers: Record<string, unknown>[];
  }>(
    ex,
    'feed-chunk-state',
    sql`select
          coalesce((select json_agg(x order by x."playerId") from (
            select ${ACCEPT_COLUMNS}, p.site_id as "siteId", p.agent_id as "agentId", p.currency,
              s.time_zone as "timeZone",
              array(select c.ancestor_id from agent_closure c
                     where c.descendant_id = p.agent_id) as above,
              (select l.created_at from ledger l where l.player_id = p.id
                order by l.created_at desc, l.id desc limit 1) as "lastEntryAt",
              (select row_to_json(d) from player_daily d where d.player_id = p.id
                order by d.day desc limit 1) as daily,
              (select row_to_json(w) from player_weekly w where w.player_id = p.id
                order by w.week_start desc limit 1) as weekly
            from players p join sites s on s.id = p.site_id
              left join ${agentFacts(sql`(select array_agg(distinct q.agent_id) from players q where q.id = any(${held}))::int[]`)} f
                on f.agent_id = p.agent_id
            where p.id = any(${held})) x), '[]') as players,
          coalesce((select json_agg(to_jsonb(w) || jsonb_build_object('legs',
              (select count(*) from wager_legs l where l.wager_id = w.id)))
             from ${refSet(graded)}
               join ${wagers} w on w.site_id = ${siteId} and w.external_id = r.ref), '[]') as wagers`,
  );
  const players = row!.players.map((r) => {
    const facts = factsOf(r);
    return {
      facts,
      player: {
        id: r.playerId,
        siteId: r.siteId,
        agentId: r.agentId,
        login: r.login,
        currency: r.currency,
        balance: facts.balance,
        freePlayBalance: facts.freePlayBalance,
        atRisk: facts.atRisk,
        timeZone: r.timeZone,
      },
      above: r.above,
      lastEntryAt: r.lastEntryAt === null ? null : new Date(r.lastEntryAt),
      daily: r.daily,
      weekly: r.weekly,
    };
  });
  const graded_ = new Map(
    row!.wagers.map((w) => [
      w.external_id as string,
      { ...fromRecord(wagers, w), legs: Number(w.legs) },
    ]),
  );
  return { players, wagers: graded_ };
}

export interface ChunkGame {
  id: number;
  status: string;
  sport: string;
}

/**
 * A chunk's first statement: claims its event ids at once, as claimEvent does one (those another
 * transaction holds are left out of `claimed`, found with findEvents once it has committed), and
 * reads which of the wagers it places the book holds already and the games it names, by the
 * platform's ids, and takes wager ids ahead for its placings (so tickets, derived from ids, are
 * written with their rows).
 */
export function startChunk(
  siteId: number,
  o: {
    claims: readonly ClaimedEvent[];
    wagers: string[];
    games: string[];
    newWagers: number;
    /** The players whose events these are: by login, and as holders of these wagers. */
    players: { logins: string[]; holding: string[] };
    /** Requests' signatures to remember (feed-auth.ts), each under its key. */
    signatures: { keyId: number; signature: string; seenAt: Date }[];
  },
): Statement {
  const claims = jsonRecords(
    platformEvents,
    o.claims.map((r) => ({ ...r, result: {} })),
  );
  return {
    label: 'feed-chunk-start',
    // The players are locked here, in id order as every chunk takes them; what posting reads of
    // them is read by the next statement, which sees what the lock's last holder committed.
    query: sql`with locked as (
          select p.id from ${players} p
          where p.site_id = ${siteId}
            and p.id in (
              select q.id from ${players} q
               where q.site_id = ${siteId}
                 and lower(q.login) = any(${textArray(o.players.logins.map((l) => l.toLowerCase()))})
              union all
              select w.player_id from ${refSet(o.players.holding)}
                join ${wagers} w on w.site_id = ${siteId} and w.external_id = r.ref)
          order by p.id
          for update),
        remembered as (
          insert into ${platformSignatures} (key_id, signature, seen_at)
          select key_id, signature, seen_at from ${jsonRecords(platformSignatures, o.signatures)}
          on conflict do nothing
          returning signature),
        claimed as (
          insert into ${platformEvents} (site_id, event_id, type, body_hash, result, occurred_at,
            applied_at, key_id)
          select site_id, event_id, type, body_hash, '{}'::jsonb, occurred_at, applied_at, key_id
            from ${claims}
          on conflict do nothing
          returning event_id)
        select (select json_agg(event_id) from claimed) as claimed,
          (select json_agg(json_build_object('eventId', p.event_id, 'bodyHash', p.body_hash,
                  'result', p.result))
             from ${platformEvents} p
            where p.site_id = ${siteId}
              and p.event_id = any(${textArray(o.claims.map((c) => c.eventId))})) as existing,
          (select json_agg(json_build_object('ref', w.external_id, 'id', w.id,
                  'playerId', w.player_id))
             from ${refSet(o.wagers)}
               join ${wagers} w on w.site_id = ${siteId} and w.external_id = r.ref) as wagers,
          (select json_agg(json_build_object('ref', e.external_id, 'id', e.id, 'status', e.status,
                  'sport', e.sport))
             from ${refSet(o.games)}
               join ${events} e on e.site_id = ${siteId} and e.external_id = r.ref) as games,
          (select json_agg(nextval(pg_get_serial_sequence('wagers', 'id')))
             from generate_series(1, ${o.newWagers}::int)) as ids,
          (select json_agg(id) from locked) as locked,
          (select json_agg(signature) from remembered) as remembered`,
  };
}

/** What startChunk's statement answered. */
export function chunkStart(rows: unknown[]) {
  const row = rows[0] as {
    claimed: string[] | null;
    existing: FirstEvent[] | null;
    wagers: { ref: string; id: number; playerId: number }[] | null;
    games: (ChunkGame & { ref: string })[] | null;
    ids: number[] | null;
    locked: number[] | null;
    remembered: string[] | null;
  };
  return {
    claimed: new Set(row.claimed ?? []),
    /** Events applied before this statement began: a copy of one is a plain duplicate. */
    existing: new Map((row.existing ?? []).map((e) => [e.eventId, e])),
    wagers: new Map((row.wagers ?? []).map((w) => [w.ref, { id: w.id, playerId: w.playerId }])),
    games: new Map(
      (row.games ?? []).map((g) => [g.ref, { id: g.id, status: g.status, sport: g.sport }]),
    ),
    ids: row.ids ?? [],
    locked: row.locked ?? [],
    remembered: new Set(row.remembered ?? []),
  };
}

export interface FirstEvent {
  eventId: string;
  bodyHash: string;
  result: EventEffect;
}

export async function findEvents(
  ex: Executor,
  siteId: number,
  eventIds: readonly string[],
): Promise<Map<string, FirstEvent>> {
  if (eventIds.length === 0) return new Map();
  const rows = await queryRows<FirstEvent>(
    ex,
    sql`select event_id as "eventId", body_hash as "bodyHash", result from ${platformEvents}
        where site_id = ${siteId} and event_id = any(${textArray(eventIds)})`,
  );
  return new Map(rows.map((r) => [r.eventId, r]));
}

/** Each applied event's effect, answered again to a copy of it. */
export function saveEffects(
  siteId: number,
  effects: readonly { eventId: string; result: EventEffect }[],
): SQL | null {
  return updateRecords(
    platformEvents,
    ['siteId', 'eventId'],
    ['result'],
    effects.map((e) => ({ siteId, ...e })),
  );
}

/** Claims of events refused in the chunk: a refused event leaves no record, so it can come again. */
export function dropClaims(siteId: number, eventIds: readonly string[]): SQL | null {
  if (eventIds.length === 0) return null;
  return sql`delete from ${platformEvents}
      where site_id = ${siteId} and event_id = any(${textArray(eventIds)})`;
}
