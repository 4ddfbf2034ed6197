// SQL of the ledger, wagers and payments; every function takes the caller's transaction.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { LedgerType } from '@backline/contract';
import { queryRows, type Executor } from '../db/query.ts';
import {
  agentPayments,
  agents,
  events,
  ledger,
  playerDaily,
  playerPayments,
  players,
  playerWeekly,
  sites,
  wagerChanges,
  wagerLegs,
  wagers,
} from '../db/schema.ts';
import * as bulk from './ledger-bulk-repository.ts';
import { writeTogether } from '../db/json-records.ts';
import {
  type DailyRollup,
  type LedgerRowDraft,
  type PlayerLedgerState,
  type PostedEntry,
  type WeeklyRollup,
} from './ledger-math.ts';

export type LedgerRow = typeof ledger.$inferSelect;
export type WagerRow = typeof wagers.$inferSelect;
export type WagerLegRow = typeof wagerLegs.$inferSelect;
export type AgentPaymentRow = typeof agentPayments.$inferSelect;
export type PlayerPaymentRow = typeof playerPayments.$inferSelect;

export interface LockedPlayer {
  id: number;
  siteId: number;
  agentId: number;
  login: string;
  currency: string;
  balance: number;
  freePlayBalance: number;
  atRisk: number;
  timeZone: string;
}

/** Locks the player row: every posting for one player is serialised behind this lock. */
export async function lockPlayer(
  ex: Executor,
  siteId: number,
  playerId: number,
): Promise<LockedPlayer | undefined> {
  const [row] = await ex
    .select({
      id: players.id,
      siteId: players.siteId,
      agentId: players.agentId,
      login: players.login,
      currency: players.currency,
      balance: players.balance,
      freePlayBalance: players.freePlayBalance,
      atRisk: players.atRisk,
      timeZone: sites.timeZone,
    })
    .from(players)
    .innerJoin(sites, eq(sites.id, players.siteId))
    .where(and(eq(players.id, playerId), eq(players.siteId, siteId)))
    .for('update', { of: players });
  return row;
}

export async function loadLedgerState(
  ex: Executor,
  player: LockedPlayer,
): Promise<PlayerLedgerState> {
  const [last] = await ex
    .select({ createdAt: ledger.createdAt })
    .from(ledger)
    .where(eq(ledger.playerId, player.id))
    .orderBy(desc(ledger.createdAt), desc(ledger.id))
    .limit(1);
  const [daily] = await ex
    .select()
    .from(playerDaily)
    .where(eq(playerDaily.playerId, player.id))
    .orderBy(desc(playerDaily.day))
    .limit(1);
  const [weekly] = await ex
    .select()
    .from(playerWeekly)
    .where(eq(playerWeekly.playerId, player.id))
    .orderBy(desc(playerWeekly.weekStart))
    .limit(1);
  return {
    siteId: player.siteId,
    playerId: player.id,
    agentId: player.agentId,
    timeZone: player.timeZone,
    balance: player.balance,
    freePlayBalance: player.freePlayBalance,
    lastEntryAt: last?.createdAt ?? null,
    daily: (daily as DailyRollup | undefined) ?? null,
    weekly: (weekly as WeeklyRollup | undefined) ?? null,
  };
}

export async function insertLedgerRow(ex: Executor, row: LedgerRowDraft): Promise<LedgerRow> {
  const [inserted] = await ex.insert(ledger).values(row).returning();
  return inserted!;
}

/** Builds every agent's weeks from its players' weeks (the seeder writes player rows in bulk). */
export async function rebuildAgentWeekly(ex: Executor): Promise<number> {
  await ex.execute(sql`delete from agent_weekly`);
  const rows = await queryRows<{ n: number }>(
    ex,
    sql`with inserted as (
    insert into agent_weekly (site_id, agent_id, week_start, currency, sports, casino, horses, rbl,
      payments, receipts, disbursements, adjustments, free_play, entries,
      day0, day1, day2, day3, day4, day5, day6, net)
    select w.site_id, w.agent_id, w.week_start, p.currency, sum(w.sports), sum(w.casino),
      sum(w.horses), sum(w.rbl), sum(w.payments), sum(w.receipts), sum(w.disbursements),
      sum(w.adjustments), sum(w.free_play), sum(w.entries), sum(w.day0), sum(w.day1), sum(w.day2),
      sum(w.day3), sum(w.day4), sum(w.day5), sum(w.day6), sum(w.ending - w.carry)
    from player_weekly w join players p on p.id = w.player_id
    group by w.site_id, w.agent_id, w.week_start, p.currency
    returning 1) select count(*)::int as n from inserted`,
  );
  // The balance players brought along when moved (decision 021).
  await ex.execute(sql`
    insert into agent_weekly (site_id, agent_id, week_start, currency, moved)
    select site_id, agent_id, week_start, currency, sum(carry) from (
      select site_id, to_agent_id as agent_id, week_start, currency, carry from player_moves
      union all
      select site_id, from_agent_id, week_start, currency, -carry from player_moves
    ) m group by 1, 2, 3, 4
    on conflict (agent_id, week_start, currency) do update set moved = excluded.moved`);
  return rows[0]!.n;
}

/**
 * Writes one posting's rollup rows as the math computed them, and adds it to its agent's week:
 * the same statements a chunk writes for many (ledger-bulk-repository.ts), for one.
 */
export async function saveRollups(
  ex: Executor,
  posted: PostedEntry,
  currency: string,
): Promise<void> {
  const { daily, weekly, weekDelta } = posted;
  const one = <T>(row: T, isNew: boolean) => ({
    inserts: isNew ? [row] : [],
    updates: isNew ? [] : [row],
  });
  const weeklies = bulk.writeWeeklies(one(weekly, posted.weeklyIsNew));
  await writeTogether(
    ex,
    [
      weeklies.update,
      ...bulk.writeDailies(one(daily, posted.dailyIsNew)),
      bulk.addToAgentWeeks([
        {
          siteId: weekly.siteId,
          agentId: weekly.agentId,
          weekStart: weekly.weekStart,
          currency,
          ...weekDelta,
        },
      ]),
    ],
    weeklies.insert,
  );
}

export async function updatePlayerBalances(
  ex: Executor,
  playerId: number,
  p: { balance: number; freePlayBalance: number; atRiskDelta: number },
): Promise<void> {
  await ex.execute(bulk.updatePlayerBalances([{ id: playerId, ...p }])!);
}

export async function findLedgerByKey(
  ex: Executor,
  siteId: number,
  key: string,
): Promise<LedgerRow | undefined> {
  const [row] = await ex
    .select()
    .from(ledger)
    .where(and(eq(ledger.siteId, siteId), eq(ledger.idempotencyKey, key)));
  return row;
}

export async function insertPlayerPayment(
  ex: Executor,
  row: PlayerPaymentRow,
): Promise<PlayerPaymentRow> {
  const [inserted] = await ex.insert(playerPayments).values(row).returning();
  return inserted!;
}

export async function findPlayerPayment(
  ex: Executor,
  ledgerId: number,
): Promise<PlayerPaymentRow | undefined> {
  const [row] = await ex.select().from(playerPayments).where(eq(playerPayments.ledgerId, ledgerId));
  return row;
}

/** Takes a wager id first, so the ticket (derived from the id) is written with the row. */
export async function nextWagerId(ex: Executor): Promise<number> {
  const result = (await ex.execute(
    sql`select nextval(pg_get_serial_sequence('wagers', 'id'))::int8 as id`,
  )) as unknown as {
    rows: { id: number }[];
  };
  return Number(result.rows[0]!.id);
}

export async function insertWager(
  ex: Executor,
  row: typeof wagers.$inferInsert,
): Promise<WagerRow> {
  const [inserted] = await ex.insert(wagers).values(row).returning();
  return inserted!;
}

export async function insertLegs(
  ex: Executor,
  rows: (typeof wagerLegs.$inferInsert)[],
): Promise<WagerLegRow[]> {
  return ex.insert(wagerLegs).values(rows).returning();
}

/** The site's wager by id; `lock` holds it for update until the transaction ends. */
export async function findWager(
  ex: Executor,
  siteId: number,
  wagerId: number,
  { lock = false } = {},
): Promise<WagerRow | undefined> {
  const found = ex
    .select()
    .from(wagers)
    .where(and(eq(wagers.id, wagerId), eq(wagers.siteId, siteId)));
  const [row] = await (lock ? found.for('update') : found);
  return row;
}

export async function updateWager(
  ex: Executor,
  wagerId: number,
  patch: Partial<typeof wagers.$inferInsert>,
): Promise<WagerRow> {
  const [row] = await ex.update(wagers).set(patch).where(eq(wagers.id, wagerId)).returning();
  return row!;
}

export async function wagerLegIds(ex: Executor, wagerId: number): Promise<number[]> {
  const rows = await ex
    .select({ id: wagerLegs.id })
    .from(wagerLegs)
    .where(eq(wagerLegs.wagerId, wagerId))
    .orderBy(wagerLegs.id);
  return rows.map((r) => r.id);
}

export async function setLegResult(ex: Executor, legId: number, result: string): Promise<void> {
  await ex.update(wagerLegs).set({ result }).where(eq(wagerLegs.id, legId));
}

export async function setAllLegResults(
  ex: Executor,
  wagerId: number,
  result: string,
): Promise<void> {
  await ex.update(wagerLegs).set({ result }).where(eq(wagerLegs.wagerId, wagerId));
}

export async function wagerNetByType(
  ex: Executor,
  wagerId: number,
): Promise<Map<LedgerType, number>> {
  const rows = await ex
    .select({ type: ledger.type, net: sql<string>`sum(${ledger.amount})` })
    .from(ledger)
    .where(eq(ledger.wagerId, wagerId))
    .groupBy(ledger.type);
  return new Map(rows.map((r) => [r.type as LedgerType, Number(r.net)]));
}

export async function insertWagerChange(
  ex: Executor,
  row: typeof wagerChanges.$inferInsert,
): Promise<typeof wagerChanges.$inferSelect> {
  const [inserted] = await ex.insert(wagerChanges).values(row).returning();
  return inserted!;
}

/** The sport of each of these events that belongs to the site. */
export async function siteEventSports(
  ex: Executor,
  siteId: number,
  ids: number[],
): Promise<Map<number, string>> {
  const rows = await ex
    .select({ id: events.id, sport: events.sport })
    .from(events)
    .where(and(eq(events.siteId, siteId), inArray(events.id, ids)));
  return new Map(rows.map((r) => [r.id, r.sport]));
}

export async function findAgentWithZone(ex: Executor, siteId: number, agentId: number) {
  const [row] = await ex
    .select({
      id: agents.id,
      parentId: agents.parentId,
      login: agents.login,
      currency: agents.currency,
      timeZone: sites.timeZone,
    })
    .from(agents)
    .innerJoin(sites, eq(sites.id, agents.siteId))
    .where(and(eq(agents.id, agentId), eq(agents.siteId, siteId)));
  return row;
}

export async function findAgentPaymentByKey(
  ex: Executor,
  siteId: number,
  key: string,
): Promise<AgentPaymentRow | undefined> {
  const [row] = await ex
    .select()
    .from(agentPayments)
    .where(and(eq(agentPayments.siteId, siteId), eq(agentPayments.idempotencyKey, key)));
  return row;
}

/** Inserts unless the idempotency key was used already; then returns undefined. */
export async function insertAgentPayment(
  ex: Executor,
  row: typeof agentPayments.$inferInsert,
): Promise<AgentPaymentRow | undefined> {
  const [inserted] = await ex
    .insert(agentPayments)
    .values(row)
    .onConflictDoNothing({ target: [agentPayments.siteId, agentPayments.idempotencyKey] })
    .returning();
  return inserted;
}
