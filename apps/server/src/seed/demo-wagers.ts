// Builds one demo wager: its type, legs, stake and payout, and when the book grades it (open if
// that is after "now").
import type { Sport, WagerType } from '@backline/contract';
import { americanPayout, decimalOdds, type Settlement } from '../ledger/wager-math.ts';
import type { EventBook } from './demo-event-book.ts';
import type { SeedEvent } from './demo-events.ts';
import {
  combineLegs,
  futureLeg,
  gameLeg,
  POINT_SPREAD,
  propLeg,
  signed,
  type Bettor,
  type LegPlan,
} from './demo-legs.ts';
import type { Rng } from './prng.ts';

const HOUR = 3_600_000;
const price = (odds: number) => `(${signed(odds)})`;

export interface WagerPlan {
  wagerType: WagerType;
  sport: Sport;
  description: string;
  risk: number;
  toWin: number;
  legs: LegPlan[];
  /** The grade, and when the book posts it; null when it is still open at "now". */
  settleAt: number | null;
  result: Settlement | null;
}

function describeLeg(l: LegPlan): string {
  return `${l.selection} ${price(l.oddsTaken)}`;
}

function parlayPayout(unit: number, legs: readonly LegPlan[]): number {
  return Math.round(unit * (legs.reduce((p, l) => p * decimalOdds(l.oddsTaken), 1) - 1));
}

const TEASER_PRICE: Record<number, number> = { 2: -110, 3: 160, 4: 250 };

function distinctLegs(
  rng: Rng,
  pool: SeedEvent[],
  count: number,
  make: (e: SeedEvent) => LegPlan,
): LegPlan[] {
  return rng.sample(pool, Math.min(count, pool.length)).map(make);
}

export interface PlanContext {
  rng: Rng;
  book: EventBook;
  bettor: Bettor;
  /** Placement instant and the stake the bettor means, in minor units. */
  at: number;
  unit: number;
  now: number;
}

/** A wager the bettor could place at `at`, or null when the calendar offers nothing to bet on. */
export function planWager(c: PlanContext): WagerPlan | null {
  const { rng, book, bettor, at, unit } = c;
  const type = rng.weighted(bettor.types);
  // A bettor follows what is on: a sport out of season gives way to the others they bet on.
  const playing = bettor.sports.filter(([s]) =>
    book.hasUpcoming(s, at + 5 * 60_000, 3 * 24 * HOUR),
  );
  if (playing.length === 0) return null;
  const sport = rng.weighted(playing);
  const soon = book.upcoming(sport, at + 5 * 60_000, 3 * 24 * HOUR);
  const pregame = (e: SeedEvent) => gameLeg(rng, e, bettor);
  let legs: LegPlan[] = [];
  let risk = unit;
  let toWin = 0;
  let description = '';
  let wagerType: WagerType = type;
  if (type === 'live') {
    const playing = book.inPlay(sport, at);
    if (playing.length > 0) {
      legs = [gameLeg(rng, rng.pick(playing), bettor, { live: true })];
      description = `Live ${sport}: ${describeLeg(legs[0]!)}`;
    } else wagerType = 'straight';
  }
  if (type === 'futures') {
    const outrights = book.outright(sport, at);
    if (outrights.length > 0) {
      legs = [futureLeg(rng, rng.pick(outrights), bettor)];
      risk = Math.max(500, Math.round(unit / 2 / 500) * 500);
      description = `${legs[0]!.event.league}: ${describeLeg(legs[0]!)}`;
    } else wagerType = 'straight';
  }
  if (type === 'props' && soon.length > 0) {
    legs = [propLeg(rng, rng.pick(soon), bettor)];
    description = `${sport} prop: ${describeLeg(legs[0]!)}`;
  } else if (type === 'props') wagerType = 'straight';
  if (legs.length === 0 && wagerType !== 'straight') {
    const pool = book.upcoming(sport, at + 5 * 60_000, 2 * 24 * HOUR);
    const other = book.upcoming(rng.weighted(bettor.sports), at + 5 * 60_000, 2 * 24 * HOUR);
    const wide = [...new Set([...pool, ...other])];
    if (type === 'teaser') {
      const teasable = wide.filter((e) => POINT_SPREAD.has(e.sport));
      const points = sport === 'NBA' || sport === 'NCAAB' ? 4 : 6;
      const count = rng.weighted([
        [2, 60],
        [3, 30],
        [4, 10],
      ] as const);
      legs = distinctLegs(rng, teasable, count, (e) =>
        gameLeg(rng, e, bettor, { tease: points, markets: ['spread', 'total'] }),
      );
      if (legs.length >= 2) {
        toWin = americanPayout(risk, TEASER_PRICE[legs.length]!);
        description = `${legs.length}-team ${points}-point teaser: ${legs.map(describeLeg).join('; ')}`;
      }
    } else if (type === 'parlay') {
      legs = distinctLegs(
        rng,
        wide,
        rng.weighted([
          [2, 40],
          [3, 30],
          [4, 15],
          [5, 10],
          [6, 5],
        ] as const),
        pregame,
      );
      risk = Math.max(500, Math.round(unit / 2 / 500) * 500);
      toWin = parlayPayout(risk, legs);
      description = `${legs.length}-team parlay: ${legs.map(describeLeg).join('; ')}`;
    } else if (type === 'roundrobin') {
      legs = distinctLegs(rng, wide, rng.pick([3, 3, 4]), pregame);
      const pairs = legs.flatMap((a, i) => legs.slice(i + 1).map((b) => [a, b]));
      const per = Math.max(500, Math.round(unit / 4 / 500) * 500);
      risk = per * pairs.length;
      toWin = pairs.reduce((s, pair) => s + parlayPayout(per, pair), 0);
      description = `Round robin by 2s (${legs.length} teams, ${pairs.length} parlays): ${legs.map(describeLeg).join('; ')}`;
    } else if (type === 'ifbet' || type === 'reverse') {
      legs = distinctLegs(rng, wide, 2, pregame);
      // An action reverse is two if-bets, one each way round.
      const ways = type === 'reverse' ? 2 : 1;
      risk = ways * unit;
      toWin = ways * legs.reduce((s, l) => s + americanPayout(unit, l.oddsTaken), 0);
      description = `${type === 'reverse' ? 'Action reverse' : 'If-bet'}: ${legs.map(describeLeg).join(' then ')}`;
    }
    if (legs.length < 2) {
      legs = [];
      wagerType = 'straight';
      risk = unit;
    }
  }
  if (legs.length === 0) {
    if (soon.length === 0) return null;
    legs = [pregame(rng.pick(soon))];
    wagerType = 'straight';
    description = `${sport}: ${describeLeg(legs[0]!)}`;
  }
  if (toWin === 0) toWin = americanPayout(risk, legs[0]!.oddsTaken);
  return settle(c, {
    wagerType,
    sport: legs[0]!.event.sport,
    description,
    risk,
    toWin,
    legs,
    settleAt: null,
    result: null,
  });
}

/** When the book grades the wager: a few minutes after its last event; open if that is after now. */
function settle(c: PlanContext, plan: WagerPlan): WagerPlan {
  const result = combineLegs(plan.legs.map((l) => l.result));
  const last = Math.max(
    ...plan.legs.map((l) =>
      (l.event.kind === 'future' ? l.event.startsAt : l.event.endsAt).getTime(),
    ),
  );
  const settleAt = last + c.rng.int(5, 40) * 60_000;
  if (result === 'open' || settleAt > c.now) return { ...plan, settleAt: null, result: null };
  return { ...plan, settleAt, result };
}
