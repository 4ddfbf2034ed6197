// The ledger's arithmetic with no I/O. The transactional service and the demo seeder both post
// through it, so seeded history obeys exactly the rules the product does.
import {
  addMoney,
  assertSafe,
  daysBetween,
  localDate,
  ledgerDescriptionText,
  mondayOf,
  paymentLedgerDescription,
  type IsoDate,
  type LedgerDescription,
  type LedgerType,
  WEEK_DAY_KEYS,
} from '@backline/contract';
import { ConflictError, ValidationError } from '../errors.ts';

export interface RollupFigures {
  sports: number;
  casino: number;
  horses: number;
  rbl: number;
  payments: number;
  receipts: number;
  disbursements: number;
  adjustments: number;
  freePlay: number;
  entries: number;
}

export interface DailyRollup extends RollupFigures {
  siteId: number;
  playerId: number;
  agentId: number;
  day: IsoDate;
  closing: number;
}

/** Win/loss (types 2, 5, 6, 7) of each day of a week, Monday first. */
export type WeekDays = Record<(typeof WEEK_DAY_KEYS)[number], number>;

export const ZERO_WEEK_DAYS: Readonly<WeekDays> = Object.freeze(
  Object.fromEntries(WEEK_DAY_KEYS.map((key) => [key, 0])) as WeekDays,
);

export interface WeeklyRollup extends RollupFigures, WeekDays {
  siteId: number;
  playerId: number;
  agentId: number;
  weekStart: IsoDate;
  carry: number;
  ending: number;
}

/** What posting needs to know about a player: balances, last entry time and latest rollup rows. */
export interface PlayerLedgerState {
  siteId: number;
  playerId: number;
  agentId: number;
  timeZone: string;
  balance: number;
  freePlayBalance: number;
  lastEntryAt: Date | null;
  daily: DailyRollup | null;
  weekly: WeeklyRollup | null;
}

export interface LedgerEntry {
  type: LedgerType;
  amount: number;
  createdAt: Date;
  /**
   * What the line says: a code and parameters, which every reader sees in its own language; plain
   * text only where nobody reads it translated (models and tests).
   */
  description: LedgerDescription | string;
  createdBy?: string;
  wagerId?: number | null;
  idempotencyKey?: string | null;
}

/** A ledger row as inserted, without its generated id. */
export interface LedgerRowDraft {
  siteId: number;
  playerId: number;
  agentId: number;
  type: LedgerType;
  amount: number;
  balanceAfter: number;
  freePlayAfter: number;
  wagerId: number | null;
  description: string;
  descriptionCode: string | null;
  descriptionParams: Record<string, string> | null;
  day: IsoDate;
  createdAt: Date;
  createdBy: string;
  idempotencyKey: string | null;
}

export interface PostedEntry {
  row: LedgerRowDraft;
  /** The full rollup rows after the entry; "isNew" says whether to insert rather than update. */
  daily: DailyRollup;
  dailyIsNew: boolean;
  weekly: WeeklyRollup;
  weeklyIsNew: boolean;
  /** What this entry added to its week: the agent's week moves by exactly this. */
  weekDelta: WeekDelta;
  state: PlayerLedgerState;
}

export interface WeekDelta extends RollupFigures, WeekDays {
  /** Change of the real balance (free play excluded). */
  net: number;
}

export class OutOfOrderEntryError extends ConflictError {
  override name = 'OutOfOrderEntryError';
}

const FIGURE_OF_TYPE = {
  1: 'payments',
  2: 'sports',
  3: 'adjustments',
  4: 'freePlay',
  5: 'casino',
  6: 'horses',
  7: 'rbl',
} as const satisfies Record<LedgerType, keyof RollupFigures>;

export const ZERO_FIGURES: Readonly<RollupFigures> = Object.freeze({
  sports: 0,
  casino: 0,
  horses: 0,
  rbl: 0,
  payments: 0,
  receipts: 0,
  disbursements: 0,
  adjustments: 0,
  freePlay: 0,
  entries: 0,
});

/** The types whose amounts make a day's win/loss: wagers, casino, horses, rbl. */
export function isWinLoss(type: LedgerType): boolean {
  return type === 2 || type === 5 || type === 6 || type === 7;
}

export function isLedgerType(type: number): type is LedgerType {
  return Number.isInteger(type) && type >= 1 && type <= 7;
}

/** Free play has its own balance; every other type moves the real one. */
export function movesRealBalance(type: LedgerType): boolean {
  return type !== 4;
}

function addFigures<T extends RollupFigures>(row: T, type: LedgerType, amount: number): T {
  const next = { ...row, entries: row.entries + 1 };
  const key = FIGURE_OF_TYPE[type];
  next[key] = addMoney(row[key], amount);
  if (type === 1 && amount > 0) next.receipts = addMoney(row.receipts, amount);
  if (type === 1 && amount < 0) next.disbursements = addMoney(row.disbursements, amount);
  return next;
}

// Day cuts are memoised per quarter hour: every real zone offset is a multiple of 15 minutes, so all
// instants of one quarter hour fall on the same local day. The seeder posts millions of entries.
const QUARTER_HOUR = 900_000;
const dayCache = new Map<string, IsoDate>();
function siteDay(at: Date, timeZone: string): IsoDate {
  const key = `${timeZone}|${Math.floor(at.getTime() / QUARTER_HOUR)}`;
  let day = dayCache.get(key);
  if (day === undefined) {
    if (dayCache.size > 100_000) dayCache.clear();
    day = localDate(at, timeZone);
    dayCache.set(key, day);
  }
  return day;
}

export function emptyLedgerState(p: {
  siteId: number;
  playerId: number;
  agentId: number;
  timeZone: string;
}): PlayerLedgerState {
  return { ...p, balance: 0, freePlayBalance: 0, lastEntryAt: null, daily: null, weekly: null };
}

/** Posts one entry: the ledger row, both rollup rows after it, and the player's new state. */
export function applyEntry(state: PlayerLedgerState, entry: LedgerEntry): PostedEntry {
  if (!isLedgerType(entry.type))
    throw new ValidationError('ledger_type_unknown', { type: entry.type });
  assertSafe(entry.amount);
  if (Number.isNaN(entry.createdAt.getTime()))
    throw new ValidationError('Entry time is not a date');
  if (state.lastEntryAt && entry.createdAt.getTime() < state.lastEntryAt.getTime()) {
    throw new OutOfOrderEntryError(
      `Entry at ${entry.createdAt.toISOString()} is older than the player's last entry at ${state.lastEntryAt.toISOString()}`,
    );
  }
  const real = movesRealBalance(entry.type);
  const balanceBefore = state.balance;
  const balance = real ? addMoney(state.balance, entry.amount) : state.balance;
  const freePlayBalance = real
    ? state.freePlayBalance
    : addMoney(state.freePlayBalance, entry.amount);
  const day = siteDay(entry.createdAt, state.timeZone);
  const weekStart = mondayOf(day);

  if (state.daily && state.daily.day > day) {
    throw new OutOfOrderEntryError(
      `Entry day ${day} is before the player's last day ${state.daily.day}`,
    );
  }
  const dailyIsNew = state.daily === null || state.daily.day !== day;
  const dailyBase: DailyRollup = dailyIsNew
    ? {
        ...ZERO_FIGURES,
        siteId: state.siteId,
        playerId: state.playerId,
        agentId: state.agentId,
        day,
        closing: 0,
      }
    : state.daily!;
  const daily = { ...addFigures(dailyBase, entry.type, entry.amount), closing: balance };

  const weeklyIsNew = state.weekly === null || state.weekly.weekStart !== weekStart;
  const weeklyBase: WeeklyRollup = weeklyIsNew
    ? {
        ...ZERO_FIGURES,
        ...ZERO_WEEK_DAYS,
        siteId: state.siteId,
        playerId: state.playerId,
        agentId: state.agentId,
        weekStart,
        carry: balanceBefore,
        ending: balanceBefore,
      }
    : state.weekly!;
  const weekDelta: WeekDelta = {
    ...addFigures({ ...ZERO_FIGURES, ...ZERO_WEEK_DAYS }, entry.type, entry.amount),
    net: real ? entry.amount : 0,
  };
  if (isWinLoss(entry.type)) weekDelta[WEEK_DAY_KEYS[daysBetween(weekStart, day)]!] = entry.amount;
  const weekly = { ...addFigures(weeklyBase, entry.type, entry.amount), ending: balance };
  for (const key of WEEK_DAY_KEYS) weekly[key] = addMoney(weekly[key], weekDelta[key]);

  const row: LedgerRowDraft = {
    siteId: state.siteId,
    playerId: state.playerId,
    agentId: state.agentId,
    type: entry.type,
    amount: entry.amount,
    balanceAfter: balance,
    freePlayAfter: freePlayBalance,
    wagerId: entry.wagerId ?? null,
    ...describedAs(entry.description),
    day,
    createdAt: entry.createdAt,
    createdBy: entry.createdBy ?? 'system',
    idempotencyKey: entry.idempotencyKey ?? null,
  };
  return {
    row,
    daily,
    dailyIsNew,
    weekly,
    weeklyIsNew,
    weekDelta,
    state: { ...state, balance, freePlayBalance, lastEntryAt: entry.createdAt, daily, weekly },
  };
}

/** Collects the rows a sequence of postings produces, each rollup row once in its final form. */
export interface LedgerJournal {
  state: PlayerLedgerState;
  rows: LedgerRowDraft[];
  dailies: DailyRollup[];
  weeklies: WeeklyRollup[];
}

export function openJournal(state: PlayerLedgerState): LedgerJournal {
  return { state, rows: [], dailies: [], weeklies: [] };
}

export function post(journal: LedgerJournal, entry: LedgerEntry): LedgerRowDraft {
  const posted = applyEntry(journal.state, entry);
  journal.state = posted.state;
  journal.rows.push(posted.row);
  replaceOrPush(journal.dailies, posted.daily, posted.dailyIsNew);
  replaceOrPush(journal.weeklies, posted.weekly, posted.weeklyIsNew);
  return posted.row;
}

function replaceOrPush<T>(list: T[], row: T, isNew: boolean): void {
  if (isNew || list.length === 0) list.push(row);
  else list[list.length - 1] = row;
}

export function replay(state: PlayerLedgerState, entries: readonly LedgerEntry[]): LedgerJournal {
  const journal = openJournal(state);
  for (const entry of entries) post(journal, entry);
  return journal;
}

/** How a payment reads in the player's history; the seeder and the service word it the same. */
export const paymentDescription = paymentLedgerDescription;

/** An agent's adjustment says why, in the agent's own words. */
export const adjustmentDescription = (reason: string): LedgerDescription => ({
  Code: 'adjustment',
  Params: { reason },
});

export const freePlayDescription = (amount: number, reason: string): LedgerDescription => ({
  Code: amount > 0 ? 'free_play_grant' : 'free_play_removal',
  Params: { reason },
});

/** A line's columns: its English words, and its code and parameters when it has them. */
function describedAs(
  d: LedgerDescription | string,
): Pick<LedgerRowDraft, 'description' | 'descriptionCode' | 'descriptionParams'> {
  if (typeof d === 'string')
    return { description: d, descriptionCode: null, descriptionParams: null };
  return {
    description: ledgerDescriptionText(d),
    descriptionCode: d.Code,
    descriptionParams: d.Params,
  };
}
