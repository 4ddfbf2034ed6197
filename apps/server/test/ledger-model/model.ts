// A plain model of the ledger: players with a list of entries and their limits, wagers with a
// status, keys in a map. Every rollup and report figure is derived from the entries by
// straightforward sums, with its own date arithmetic, so it shares no code with the ledger it checks.
import type { WagerLimits } from '@backline/contract';

export type Settlement = 'win' | 'loss' | 'push' | 'noaction';
/** What the platform posts directly: free play granted, casino, horses and rbl results. */
export type DirectType = 4 | 5 | 6 | 7;
/** Which balance an agent's correction moves: the real one (type 3) or free play (type 4). */
export type Balance = 'real' | 'freePlay';

/** A player's limits as an agent sets them (players' limits service, DOMAIN.md). */
export interface ModelLimits {
  creditLimit: number;
  tempCredit: number;
  /** The instant temporary credit ends, in ms; null when there is none. */
  tempCreditUntil: number | null;
  /** 0: no maximum of the player's own. */
  maxWager: number;
  wagerLimits: WagerLimits;
}

/** An operation with every choice made: what the model applies and the real ledger runs. */
export type Operation =
  | {
      kind: 'place';
      player: number;
      risk: number;
      toWin: number;
      freePlay: boolean;
      legs: number;
    }
  | { kind: 'grade' | 'regrade'; wagerId: number; result: Settlement }
  | { kind: 'void'; wagerId: number }
  | { kind: 'payment'; player: number; amount: number; method: string; key: string | null }
  | {
      kind: 'entry';
      player: number;
      type: DirectType;
      amount: number;
      /** The entry's idempotency key, when it came with one (a feed event's id). */
      key?: string | null;
    }
  | {
      /** An agent's correction, as entered: signed (a credit or grant is positive), with its reason. */
      kind: 'adjustment';
      player: number;
      balance: Balance;
      amount: number;
      reason: string;
      key: string;
    }
  | ({ kind: 'limits'; player: number } & ModelLimits)
  /** A settlement between an agent and its master, signed as stored: positive paid to the master. */
  | { kind: 'agentPayment'; agent: number; amount: number; method: string };

/** An operation posted once per key: a repeat with the same body answers the first posting. */
export type Keyed = Extract<Operation, { kind: 'payment' | 'adjustment' }>;

export type Outcome =
  | { status: 'ok'; wagerId?: number; entryId?: number; replayed?: boolean }
  /** A refusal; `code` is the error's, compared when the model names one. */
  | { status: 'validation' | 'conflict' | 'notfound'; code?: string }
  | { status: 'error'; message: string };

export interface ModelEntry {
  type: number;
  amount: number;
  at: number;
  day: string;
  wagerId: number | null;
  key: string | null;
  balanceAfter: number;
  freePlayAfter: number;
  payment: { id: number; method: string } | null;
}

/** A site as the model knows it: its zone, its currency and the rates it converts at. */
export interface ModelSite {
  id: number;
  timeZone: string;
  currency: string;
  /** Units of the site's currency per unit of each other currency, as the site stores them. */
  rates: Record<string, string>;
  /** The site's local day when the run started. */
  firstDay: string;
}

export interface ModelPlayer extends ModelLimits {
  id: number;
  login: string;
  /** The player's site, by its index in `Model.sites`. */
  site: number;
  agentId: number;
  currency: string;
  balance: number;
  freePlay: number;
  atRisk: number;
  entries: ModelEntry[];
}

export interface ModelAgent {
  id: number;
  login: string;
  site: number;
  currency: string;
  parentId: number | null;
}

export interface ModelAgentPayment {
  id: number;
  agentId: number;
  masterId: number;
  amount: number;
  /** The paying agent's currency, on its site's day. */
  currency: string;
  site: number;
  day: string;
}

export interface ModelWager {
  id: number;
  player: number;
  risk: number;
  toWin: number;
  freePlay: boolean;
  status: 'open' | 'graded' | 'deleted';
  result: 'open' | Settlement;
  amount: number;
  gradedDay: string | null;
  placedAt: number;
  /** As the ledger names it: a wager of more than one leg is a parlay. */
  wagerType: 'straight' | 'parlay';
}

export interface Model {
  /** The first site's zone: the clock's moves to midnight and the first site's reports use it. */
  timeZone: string;
  /** The clock, in ms; every operation of a step is posted at this instant. */
  now: number;
  firstDay: string;
  sites: ModelSite[];
  agents: ModelAgent[];
  players: ModelPlayer[];
  wagers: ModelWager[];
  agentPayments: ModelAgentPayment[];
  /**
   * Each idempotency key an agent or the platform posted with, by site ("site|key": a key is
   * unique within its site): the first body and its entry.
   */
  keys: Map<string, { op: Keyed; entryId: number }>;
}

const DAY_MS = 86_400_000;
const formats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day of an instant in a time zone, as YYYY-MM-DD. */
export function dayIn(timeZone: string, ms: number): string {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formats.set(timeZone, format);
  }
  return format.format(new Date(ms));
}

export function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export function mondayOfDay(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return shiftDay(day, -((weekday + 6) % 7));
}

function dayIndex(monday: string, day: string): number {
  return Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${monday}T00:00:00Z`)) / DAY_MS);
}

/** The first instant after `ms` that falls on the next local day. */
export function nextMidnight(timeZone: string, ms: number): number {
  const today = dayIn(timeZone, ms);
  let low = ms;
  let high = ms + 2 * DAY_MS;
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (dayIn(timeZone, mid) === today) low = mid;
    else high = mid;
  }
  return high;
}

export function today(m: Model): string {
  return dayIn(m.timeZone, m.now);
}

/** Today on a site (by its index), in its own zone. */
export function siteToday(m: Model, site: number): string {
  return dayIn(m.sites[site]!.timeZone, m.now);
}

/** A key as the model files it: within the player's site. */
export const siteKey = (m: Model, player: number, key: string) =>
  `${m.players[player]!.site}|${key}`;

function post(
  m: Model,
  p: ModelPlayer,
  e: Pick<ModelEntry, 'type' | 'amount' | 'wagerId' | 'key' | 'payment'>,
): void {
  if (e.type === 4) p.freePlay += e.amount;
  else p.balance += e.amount;
  p.entries.push({
    ...e,
    at: m.now,
    day: siteToday(m, p.site),
    balanceAfter: p.balance,
    freePlayAfter: p.freePlay,
  });
}

/** Temporary credit while it lasts at the model's clock, else nothing. */
export function tempCreditNow(m: Model, p: ModelLimits): number {
  return p.tempCreditUntil !== null && p.tempCreditUntil > m.now ? p.tempCredit : 0;
}

/** The body a key is compared on, as the services compare it: every field of either. */
function sameBody(first: Keyed, op: Keyed): boolean {
  if (first.kind !== op.kind || first.player !== op.player || first.amount !== op.amount)
    return false;
  return first.kind === 'payment'
    ? op.kind === 'payment' && first.method === op.method
    : op.kind === 'adjustment' && first.balance === op.balance && first.reason === op.reason;
}

/** A key posted before: the same body answers the first posting, any other is refused. */
function repeated(m: Model, op: Keyed): Outcome | null {
  const first = op.key === null ? undefined : m.keys.get(siteKey(m, op.player, op.key));
  if (!first) return null;
  if (sameBody(first.op, op)) return { status: 'ok', replayed: true, entryId: first.entryId };
  // A payment's refusal has its path's own code (the ledger's, or the feed's event_id_reused).
  return op.kind === 'adjustment'
    ? { status: 'conflict', code: 'adjustment_key_reused' }
    : { status: 'conflict' };
}

/** What a settlement posts: the type-2 figure, and free play returned on a push. */
function settlement(w: ModelWager, result: Settlement): { sports: number; freePlay: number } {
  if (result === 'win') return { sports: w.toWin, freePlay: 0 };
  if (result === 'loss') return { sports: w.freePlay ? 0 : -w.risk, freePlay: 0 };
  return { sports: 0, freePlay: w.freePlay ? w.risk : 0 };
}

function postWager(m: Model, w: ModelWager, sports: number, freePlay: number): void {
  const p = m.players[w.player]!;
  post(m, p, { type: 2, amount: sports, wagerId: w.id, key: null, payment: null });
  if (freePlay !== 0)
    post(m, p, { type: 4, amount: freePlay, wagerId: w.id, key: null, payment: null });
}

/**
 * Applies one operation to the model and says what the ledger should answer. The real outcome is
 * read only for the ids the database hands out (a new wager's, a new entry's).
 */
export function apply(m: Model, op: Operation, real: Outcome): Outcome {
  const realId = (field: 'wagerId' | 'entryId') =>
    real.status === 'ok' ? (real[field] ?? -1) : -1;
  switch (op.kind) {
    case 'place': {
      const p = m.players[op.player]!;
      if (op.freePlay && p.freePlay < op.risk) return { status: 'validation' };
      const w: ModelWager = {
        id: realId('wagerId'),
        player: op.player,
        risk: op.risk,
        toWin: op.toWin,
        freePlay: op.freePlay,
        status: 'open',
        result: 'open',
        amount: 0,
        gradedDay: null,
        placedAt: m.now,
        wagerType: op.legs > 1 ? 'parlay' : 'straight',
      };
      m.wagers.push(w);
      if (op.freePlay)
        post(m, p, { type: 4, amount: -op.risk, wagerId: w.id, key: null, payment: null });
      else p.atRisk += op.risk;
      return { status: 'ok', wagerId: w.id };
    }
    case 'grade': {
      const w = m.wagers.find((x) => x.id === op.wagerId)!;
      if (w.status !== 'open') return { status: 'conflict' };
      const s = settlement(w, op.result);
      postWager(m, w, s.sports, s.freePlay);
      if (!w.freePlay) m.players[w.player]!.atRisk -= w.risk;
      Object.assign(w, {
        status: 'graded',
        result: op.result,
        amount: s.sports,
        gradedDay: siteToday(m, m.players[w.player]!.site),
      });
      return { status: 'ok' };
    }
    case 'regrade': {
      const w = m.wagers.find((x) => x.id === op.wagerId)!;
      if (w.status !== 'graded' || w.result === op.result) return { status: 'conflict' };
      const before = settlement(w, w.result as Settlement);
      const after = settlement(w, op.result);
      postWager(m, w, after.sports - before.sports, after.freePlay - before.freePlay);
      Object.assign(w, {
        result: op.result,
        amount: after.sports,
        gradedDay: siteToday(m, m.players[w.player]!.site),
      });
      return { status: 'ok' };
    }
    case 'void': {
      const w = m.wagers.find((x) => x.id === op.wagerId)!;
      if (w.status === 'deleted') return { status: 'conflict' };
      const p = m.players[w.player]!;
      const net = new Map<number, number>();
      for (const e of p.entries)
        if (e.wagerId === w.id) net.set(e.type, (net.get(e.type) ?? 0) + e.amount);
      const reversal = [...net.entries()].filter(([, n]) => n !== 0).sort(([a], [b]) => a - b);
      if (reversal.length === 0) reversal.push([2, 0]);
      for (const [type, n] of reversal)
        post(m, p, { type, amount: -n, wagerId: w.id, key: null, payment: null });
      if (w.status === 'open' && !w.freePlay) p.atRisk -= w.risk;
      w.status = 'deleted';
      return { status: 'ok' };
    }
    case 'payment': {
      const again = repeated(m, op);
      if (again) return again;
      const id = realId('entryId');
      const p = m.players[op.player]!;
      post(m, p, {
        type: 1,
        amount: op.amount,
        wagerId: null,
        key: op.key,
        payment: { id, method: op.method },
      });
      if (op.key !== null) m.keys.set(siteKey(m, op.player, op.key), { op, entryId: id });
      return { status: 'ok', replayed: false, entryId: id };
    }
    case 'entry': {
      post(m, m.players[op.player]!, {
        type: op.type,
        amount: op.amount,
        wagerId: null,
        key: op.key ?? null,
        payment: null,
      });
      return { status: 'ok' };
    }
    case 'adjustment': {
      const again = repeated(m, op);
      if (again) return again;
      const p = m.players[op.player]!;
      const freePlay = op.balance === 'freePlay';
      if (freePlay && p.freePlay + op.amount < 0)
        return { status: 'conflict', code: 'free_play_removal_short' };
      const id = realId('entryId');
      post(m, p, {
        type: freePlay ? 4 : 3,
        amount: op.amount,
        wagerId: null,
        key: op.key,
        payment: null,
      });
      m.keys.set(siteKey(m, op.player, op.key), { op, entryId: id });
      return { status: 'ok', replayed: false, entryId: id };
    }
    case 'limits': {
      const { kind: _kind, player, ...limits } = op;
      if (
        limits.tempCredit > 0 &&
        (limits.tempCreditUntil === null || limits.tempCreditUntil <= m.now)
      )
        return { status: 'validation', code: 'temp_credit_expiry' };
      // Limits bind the next wager only: nothing open changes.
      Object.assign(m.players[player]!, {
        ...limits,
        tempCreditUntil: limits.tempCredit > 0 ? limits.tempCreditUntil : null,
      });
      return { status: 'ok' };
    }
    case 'agentPayment': {
      const a = m.agents[op.agent]!;
      // A master has no one above it to settle with.
      if (a.parentId === null) return { status: 'validation', code: 'no_master_to_settle' };
      const id = realId('entryId');
      m.agentPayments.push({
        id,
        agentId: a.id,
        masterId: a.parentId,
        amount: op.amount,
        currency: a.currency,
        site: a.site,
        day: siteToday(m, a.site),
      });
      return { status: 'ok', entryId: id };
    }
  }
}

/**
 * Whether the ledger answered as the model says: the same status, replay flag and first entry, and
 * the same refusal code where the model names one.
 */
export function sameOutcome(expected: Outcome, actual: Outcome): boolean {
  if (expected.status !== actual.status) return false;
  if (expected.status === 'error' || actual.status === 'error') return true;
  if (expected.status !== 'ok' || actual.status !== 'ok') {
    if (expected.status === 'ok' || expected.code === undefined) return true;
    return 'code' in actual && actual.code === expected.code;
  }
  if (expected.replayed !== actual.replayed) return false;
  return !expected.replayed || expected.entryId === actual.entryId;
}

export type Figures = Record<string, number | string>;

const FIGURE_OF_TYPE: Record<number, string> = {
  1: 'payments',
  2: 'sports',
  3: 'adjustments',
  4: 'free_play',
  5: 'casino',
  6: 'horses',
  7: 'rbl',
};
const FIGURE_KEYS = [
  'sports',
  'casino',
  'horses',
  'rbl',
  'payments',
  'receipts',
  'disbursements',
  'adjustments',
  'free_play',
  'entries',
];
const WEEK_DAY_COLUMNS = ['day0', 'day1', 'day2', 'day3', 'day4', 'day5', 'day6'];
const isWinLoss = (type: number) => type === 2 || type >= 5;

function zero(keys: readonly string[]): Figures {
  return Object.fromEntries(keys.map((k) => [k, 0]));
}

function add(row: Figures, e: ModelEntry): void {
  const key = FIGURE_OF_TYPE[e.type]!;
  row[key] = (row[key] as number) + e.amount;
  if (e.type === 1 && e.amount > 0) row.receipts = (row.receipts as number) + e.amount;
  if (e.type === 1 && e.amount < 0) row.disbursements = (row.disbursements as number) + e.amount;
  row.entries = (row.entries as number) + 1;
}

/** player_daily as it should be: one row per player and day with entries, keyed "player|day". */
export function expectedDaily(m: Model): Map<string, Figures> {
  const rows = new Map<string, Figures>();
  for (const p of m.players) {
    for (const e of p.entries) {
      const id = `${p.id}|${e.day}`;
      let row = rows.get(id);
      if (!row) rows.set(id, (row = { player_id: p.id, day: e.day, ...zero(FIGURE_KEYS) }));
      add(row, e);
      row.closing = e.balanceAfter;
    }
  }
  return rows;
}

/** player_weekly as it should be: carry = balance before the week's first entry. */
export function expectedWeekly(m: Model): Map<string, Figures> {
  const rows = new Map<string, Figures>();
  for (const p of m.players) {
    let balance = 0;
    for (const e of p.entries) {
      const week = mondayOfDay(e.day);
      const id = `${p.id}|${week}`;
      let row = rows.get(id);
      if (!row) {
        row = {
          player_id: p.id,
          week_start: week,
          carry: balance,
          ...zero(FIGURE_KEYS),
          ...zero(WEEK_DAY_COLUMNS),
        };
        rows.set(id, row);
      }
      add(row, e);
      if (isWinLoss(e.type)) {
        const day = `day${dayIndex(week, e.day)}`;
        row[day] = (row[day] as number) + e.amount;
      }
      if (e.type !== 4) balance += e.amount;
      row.ending = balance;
    }
  }
  return rows;
}

/** agent_weekly as it should be: per agent (own players), week and currency, sums of player weeks. */
export function expectedAgentWeekly(m: Model, weekly: Map<string, Figures>): Map<string, Figures> {
  const rows = new Map<string, Figures>();
  for (const w of weekly.values()) {
    const p = m.players.find((x) => x.id === w.player_id)!;
    const id = `${p.agentId}|${w.week_start}|${p.currency}`;
    let row = rows.get(id);
    if (!row) {
      row = {
        agent_id: p.agentId,
        week_start: w.week_start as string,
        currency: p.currency,
        ...zero(FIGURE_KEYS),
        ...zero(WEEK_DAY_COLUMNS),
        net: 0,
      };
      rows.set(id, row);
    }
    for (const key of [...FIGURE_KEYS, ...WEEK_DAY_COLUMNS])
      row[key] = (row[key] as number) + (w[key] as number);
    row.net = (row.net as number) + (w.ending as number) - (w.carry as number);
  }
  return rows;
}
