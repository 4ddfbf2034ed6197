// SQL of set-based postings (ledger-batch.ts): each table's rows of a chunk in one statement, and
// the statements of tables without transition-table triggers sent as one (writeTogether).
import { WEEK_DAY_KEYS } from '@backline/contract';
import { getTableColumns, sql } from 'drizzle-orm';
import { insertRecords, jsonRecords, updateRecords } from '../db/json-records.ts';
import type { SQL } from 'drizzle-orm';
import { bigintArray } from '../db/sql-arrays.ts';
import {
  agentWeekly,
  ledger,
  playerDaily,
  players,
  playerWeekly,
  wagerLegs,
  wagers,
} from '../db/schema.ts';
import {
  ZERO_FIGURES,
  type DailyRollup,
  type LedgerRowDraft,
  type WeekDelta,
  type WeeklyRollup,
} from './ledger-math.ts';

const LEDGER_KEYS = [
  'siteId',
  'playerId',
  'agentId',
  'type',
  'amount',
  'balanceAfter',
  'freePlayAfter',
  'wagerId',
  'description',
  'descriptionCode',
  'descriptionParams',
  'day',
  'createdAt',
  'createdBy',
  'idempotencyKey',
] as const satisfies readonly (keyof LedgerRowDraft)[];

/** In the order given: a player's rows take ids in the order they were posted. */
export function insertLedgerRows(rows: readonly LedgerRowDraft[]): SQL | null {
  return insertRecords(ledger, LEDGER_KEYS, rows);
}

const FIGURE_KEYS = Object.keys(ZERO_FIGURES) as (keyof typeof ZERO_FIGURES)[];
const DAILY_KEYS = ['siteId', 'playerId', 'agentId', 'day', ...FIGURE_KEYS, 'closing'] as const;
const WEEKLY_KEYS = [
  'siteId',
  'playerId',
  'agentId',
  'weekStart',
  'carry',
  ...FIGURE_KEYS,
  ...WEEK_DAY_KEYS,
  'ending',
] as const;

interface Split<T> {
  inserts: readonly T[];
  updates: readonly T[];
}

/** Rows as the math computed them: the players' locks make plain updates safe. */
export function writeDailies(rows: Split<DailyRollup>): (SQL | null)[] {
  return [
    insertRecords(playerDaily, DAILY_KEYS, rows.inserts),
    updateRecords(playerDaily, ['playerId', 'day'], [...FIGURE_KEYS, 'closing'], rows.updates),
  ];
}

/**
 * player_weekly's insert trigger reads a transition table, so its insert cannot go inside WITH: it
 * is a statement's own (writeTogether's `last`) or a statement alone. Its update has no trigger.
 */
export function writeWeeklies(rows: Split<WeeklyRollup>): {
  insert: SQL | null;
  update: SQL | null;
} {
  return {
    insert: insertRecords(playerWeekly, WEEKLY_KEYS, rows.inserts),
    update: updateRecords(
      playerWeekly,
      ['playerId', 'weekStart'],
      [...FIGURE_KEYS, ...WEEK_DAY_KEYS, 'ending'],
      rows.updates,
    ),
  };
}

export interface AgentWeekRow extends WeekDelta {
  siteId: number;
  agentId: number;
  weekStart: string;
  currency: string;
}

const DELTA_KEYS = [
  ...FIGURE_KEYS,
  ...WEEK_DAY_KEYS,
  'net',
] as const satisfies readonly (keyof WeekDelta)[];

/**
 * Adds each delta to its agent's week. Many players share a row, so it is an upsert of deltas
 * rather than a read-modify-write: the row lock lasts only to the end of the transaction. Rows go
 * in key order, so two transactions adding to the same weeks take their locks in the same order.
 */
export function addToAgentWeeks(rows: readonly AgentWeekRow[]): SQL | null {
  if (rows.length === 0) return null;
  const sorted = [...rows].sort(
    (a, b) =>
      a.agentId - b.agentId ||
      a.weekStart.localeCompare(b.weekStart) ||
      a.currency.localeCompare(b.currency),
  );
  const columns = getTableColumns(agentWeekly);
  const keys = ['siteId', 'agentId', 'weekStart', 'currency', ...DELTA_KEYS] as const;
  const list = sql.join(
    keys.map((k) => sql.identifier(columns[k].name)),
    sql`, `,
  );
  const set = sql.join(
    DELTA_KEYS.map((k) => {
      const name = sql.identifier(columns[k].name);
      return sql`${name} = ${agentWeekly}.${name} + excluded.${name}`;
    }),
    sql`, `,
  );
  return sql`insert into ${agentWeekly} (${list})
      select ${list} from ${jsonRecords(agentWeekly, sorted)} with ordinality as x
      order by x.ordinality
      on conflict (agent_id, week_start, currency) do update set ${set}`;
}

/** Balances as posted; open risk by its change, since the column is the players' sum of stakes. */
export function updatePlayerBalances(
  rows: readonly { id: number; balance: number; freePlayBalance: number; atRiskDelta: number }[],
): SQL | null {
  if (rows.length === 0) return null;
  const records = jsonRecords(
    players,
    rows.map((r) => ({
      id: r.id,
      balance: r.balance,
      freePlayBalance: r.freePlayBalance,
      // The change rides in the record's at_risk column.
      atRisk: r.atRiskDelta,
    })),
  );
  return sql`update ${players} set balance = x.balance, free_play_balance = x.free_play_balance,
        at_risk = ${players}.at_risk + x.at_risk
      from ${records} x where ${players}.id = x.id`;
}

const WAGER_KEYS = [
  'id',
  'siteId',
  'playerId',
  'agentId',
  'ticket',
  'wagerType',
  'sport',
  'description',
  'currency',
  'risk',
  'toWin',
  'freePlay',
  'status',
  'result',
  'amount',
  'placedAt',
  'gradedAt',
  'gradedDay',
  'externalId',
] as const;

export type NewWager = Pick<typeof wagers.$inferInsert, (typeof WAGER_KEYS)[number]>;

/**
 * Wagers in their state at the chunk's end: new ones (placed, or placed and graded; ids taken
 * ahead) inserted, the book's graded ones updated, in one statement. Never inside WITH (wagers'
 * triggers read transition tables); as an upsert, its insert trigger sees the new rows and its
 * update trigger the graded ones, each as alone.
 */
export function writeWagers(rows: readonly NewWager[]): SQL | null {
  const insert = insertRecords(wagers, WAGER_KEYS, rows);
  return (
    insert &&
    sql`${insert} on conflict (id) do update set status = excluded.status,
          result = excluded.result, amount = excluded.amount, graded_at = excluded.graded_at,
          graded_day = excluded.graded_day`
  );
}

const LEG_KEYS = [
  'wagerId',
  'eventId',
  'market',
  'selection',
  'lineTaken',
  'oddsTaken',
  'closingLine',
  'closingOdds',
  'result',
] as const;

export type NewLeg = Pick<typeof wagerLegs.$inferInsert, (typeof LEG_KEYS)[number]>;

/** In leg order: a wager's legs are read back by id. */
export function insertLegs(rows: readonly NewLeg[]): SQL | null {
  return insertRecords(wagerLegs, LEG_KEYS, rows);
}

/** A leg of a wager by its place (1 = first): its result, and its closing figures when given. */
export interface LegGrade {
  wagerId: number;
  position: number;
  result: string;
  closing: { line: string | null; odds: number | null } | null;
}

export function gradeLegs(rows: readonly LegGrade[]): SQL | null {
  if (rows.length === 0) return null;
  const records = JSON.stringify(
    rows.map((r) => ({
      wager_id: r.wagerId,
      position: r.position,
      result: r.result,
      closing: r.closing !== null,
      closing_line: r.closing?.line ?? null,
      closing_odds: r.closing?.odds ?? null,
    })),
  );
  const ids = [...new Set(rows.map((r) => r.wagerId))];
  return sql`update ${wagerLegs} set result = x.result,
          closing_line = case when x.closing then x.closing_line else ${wagerLegs}.closing_line end,
          closing_odds = case when x.closing then x.closing_odds else ${wagerLegs}.closing_odds end
        from (select id, wager_id, row_number() over (partition by wager_id order by id) as position
                from ${wagerLegs} where wager_id = any(${bigintArray(ids)})) n
        join json_to_recordset(${records}::json) as x(wager_id bigint, position int, result text,
          closing boolean, closing_line numeric, closing_odds int)
          on x.wager_id = n.wager_id and x.position = n.position
        where ${wagerLegs}.id = n.id`;
}
