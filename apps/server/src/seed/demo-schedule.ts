// When a demo player does what: bets through the week (weighted to evenings and weekends), other
// products' sessions, promotions, adjustments and the Tuesday settlement, as one time-ordered list.
import type { IsoDate, LedgerType } from '@backline/contract';
import type { EventBook } from './demo-event-book.ts';
import type { SeedWager } from './seed-tables.ts';
import type { PlayerSpec } from './demo-player.ts';
import { planWager, type WagerPlan } from './demo-wagers.ts';
import type { Rng } from './prng.ts';

export interface SiteDay {
  day: IsoDate;
  midnight: number;
  /** 0 = Monday. */
  dow: number;
}

export interface Staff {
  /** Who enters the agent's player payments and adjustments. */
  enteredBy: string;
  /** The nearest agent up the tree allowed to delete wagers: it voids and regrades. */
  changer: { id: number; login: string };
}

export interface HistoryContext {
  siteId: number;
  timeZone: string;
  days: readonly SiteDay[];
  now: number;
  book: EventBook;
  staff: ReadonlyMap<number, Staff>;
  /** Last ids used; the simulation takes the next ones. */
  ids: { wager: number; ledger: number };
}

export interface WagerState {
  plan: WagerPlan;
  row: SeedWager | null;
  net: Map<LedgerType, number>;
  regraded: boolean;
}

export type Action =
  | { kind: 'place' | 'grade' | 'regrade'; at: number; w: WagerState }
  | { kind: 'void'; at: number; w: WagerState; reason: string }
  | { kind: 'settle'; at: number }
  | { kind: 'credit'; at: number; amount: number }
  | { kind: 'adjust'; at: number; amount: number; reason: string }
  | { kind: 'product'; at: number; type: 5 | 6 | 7; amount: number };

export const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const VOID_REASONS = [
  'Duplicate ticket',
  'Placed after the start',
  'Wrong line posted (palpable error)',
  'Player request, approved by the master',
  'Event postponed',
];
const ADJUST_REASONS = [
  ['Goodwill credit', 1],
  ['Correction: duplicate charge', 1],
  ['Promotional bonus', 1],
  ['Late settlement fee', -1],
  ['Correction: casino session posted twice', 1],
  ['Chargeback on card payment', -1],
] as const;

/** A time of day weighted to the evening, in minutes after local midnight. */
function bettingMinute(rng: Rng): number {
  const hour = rng.weighted([
    [9, 1],
    [11, 1],
    [13, 2],
    [15, 2],
    [17, 4],
    [19, 5],
    [21, 4],
  ] as const);
  return hour * 60 + rng.int(0, 119);
}

export function schedule(rng: Rng, spec: PlayerSpec, ctx: HistoryContext): Action[] {
  const actions: Action[] = [];
  const product = (type: 5 | 6 | 7, habit: PlayerSpec['casino'], day: SiteDay, from: number) => {
    if (!habit || !rng.chance(habit.daily)) return;
    const amount = Math.round(rng.normal(habit.mean, habit.sd) * spec.unit);
    if (amount !== 0)
      actions.push({
        kind: 'product',
        type,
        amount,
        at: day.midnight + from * HOUR + rng.int(0, 5 * 60) * MINUTE,
      });
  };
  for (const day of ctx.days) {
    const end = day.midnight + 24 * HOUR;
    if (end <= spec.activeFrom) continue;
    if (day.dow === 1)
      actions.push({ kind: 'settle', at: day.midnight + (10 + rng.next() * 8) * HOUR });
    if (day.midnight > spec.activeUntil) continue;
    if (day.dow === 0 && spec.freePlayPromo && rng.chance(0.5)) {
      actions.push({
        kind: 'credit',
        at: day.midnight + 8 * HOUR + rng.int(0, 120) * MINUTE,
        amount: spec.unit * rng.pick([1, 1, 2]),
      });
    }
    if (rng.chance(0.005)) {
      const [reason, sign] = rng.pick(ADJUST_REASONS);
      actions.push({
        kind: 'adjust',
        at: day.midnight + rng.int(9 * 60, 20 * 60) * MINUTE,
        amount: sign * niceMinor(spec.unit * rng.pick([0.2, 0.5, 1])),
        reason,
      });
    }
    product(5, spec.casino, day, 18);
    product(6, spec.horses, day, 13);
    product(7, spec.rbl, day, 16);
    const weight = [0.9, 0.7, 0.8, 1, 1, 1.3, 1.3][day.dow]!;
    const count = rng.poisson((spec.wagersPerWeek / 7) * weight);
    for (let i = 0; i < count; i++) {
      const at = day.midnight + bettingMinute(rng) * MINUTE + rng.int(0, 59) * 1000;
      if (at < spec.activeFrom || at >= ctx.now || at > spec.activeUntil) continue;
      const unit = niceMinor(spec.unit * rng.pick([0.5, 1, 1, 1, 2, 3]));
      const plan = planWager({ rng, book: ctx.book, bettor: spec.bettor, at, unit, now: ctx.now });
      if (!plan) continue;
      const w: WagerState = { plan, row: null, net: new Map(), regraded: false };
      actions.push({ kind: 'place', at, w });
      if (plan.settleAt !== null) actions.push({ kind: 'grade', at: plan.settleAt, w });
      if (rng.chance(spec.voidRate)) {
        actions.push({
          kind: 'void',
          at: at + rng.int(2, 36 * 60) * MINUTE,
          w,
          reason: rng.pick(VOID_REASONS),
        });
      } else if (plan.settleAt !== null && rng.chance(spec.regradeRate)) {
        actions.push({ kind: 'regrade', at: plan.settleAt + rng.int(30, 48 * 60) * MINUTE, w });
      }
    }
  }
  const ordered = actions
    .filter((a) => a.at < ctx.now && a.at >= spec.activeFrom)
    .map((a, seq) => ({ a, seq }));
  ordered.sort((x, y) => x.a.at - y.a.at || x.seq - y.seq);
  return ordered.map((x) => x.a);
}

/** Rounds minor units to whole major units (at least one). */
export function niceMinor(minor: number): number {
  return Math.max(100, Math.round(minor / 100) * 100);
}
