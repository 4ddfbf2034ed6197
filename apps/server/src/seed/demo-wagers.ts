// Builds one demo wager: its legs on real calendar events, the lines taken against the closing
// lines (sharps take better numbers), the payout, and each leg's result read off the final score.
import type { Sport, WagerType } from '@backline/contract';
import { americanPayout, decimalOdds, type Market, type Settlement } from '../ledger/wager-math.ts';
import type { EventBook, SeedEvent } from './demo-events.ts';
import type { Rng } from './prng.ts';

export type LegResult = Settlement | 'open';

export interface LegPlan {
  event: SeedEvent;
  market: Market;
  selection: string;
  lineTaken: number | null;
  oddsTaken: number;
  closingLine: number | null;
  closingOdds: number | null;
  result: LegResult;
}

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

export interface Bettor {
  sports: readonly (readonly [Sport, number])[];
  types: readonly (readonly [WagerType, number])[];
  sharp: boolean;
}

const POINT_SPREAD: ReadonlySet<Sport> = new Set(['NFL', 'NCAAF', 'NBA', 'NCAAB']);
const HOUR = 3_600_000;

/** Moves American odds by `cents` along the price line (-110 + 15 → +105: -100 and +100 are one point). */
export function shiftOdds(odds: number, cents: number): number {
  const x = (odds < 0 ? odds + 100 : odds - 100) + cents;
  return x < 0 ? x - 100 : x + 100;
}

const signed = (n: number) => (n > 0 ? `+${n}` : `${n}`);
const price = (odds: number) => `(${signed(odds)})`;

function compare(a: number, b: number): Settlement {
  return a > b ? 'win' : a < b ? 'loss' : 'push';
}

function final(e: SeedEvent): boolean {
  return e.status === 'final' || e.status === 'cancelled';
}

interface GameLegOptions {
  live?: boolean;
  /** Teaser points moved in the bettor's favour, on the taken and the closing line alike. */
  tease?: number;
  markets?: readonly Market[];
}

/** A game leg on one side: spread, total or moneyline. */
function gameLeg(rng: Rng, e: SeedEvent, bettor: Bettor, o: GameLegOptions = {}): LegPlan {
  const allowed = (m: Market) => !o.markets || o.markets.includes(m);
  const weights: [Market, number][] = [
    ['spread', e.spread === null || !allowed('spread') ? 0 : POINT_SPREAD.has(e.sport) ? 50 : 20],
    ['total', e.total === null || !allowed('total') ? 0 : 30],
    ['moneyline', !allowed('moneyline') ? 0 : POINT_SPREAD.has(e.sport) ? 20 : 50],
  ];
  const market = rng.weighted(weights);
  const scored = e.status === 'final';
  // Golf scores are strokes: the lower one is ahead.
  const homeMargin = !scored
    ? 0
    : e.sport === 'GOLF'
      ? e.awayScore! - e.homeScore!
      : e.homeScore! - e.awayScore!;
  const sum = scored ? e.homeScore! + e.awayScore! : 0;
  // "home" is the home side, or the over on a total. A sharp leans to the side that covers the close.
  let home = rng.chance(0.5);
  if (bettor.sharp && scored && rng.chance(0.56)) {
    const close =
      market === 'spread'
        ? homeMargin + e.spread!
        : market === 'total'
          ? sum - e.total!
          : homeMargin;
    home = close > 0;
  }
  const better = o.live
    ? 0
    : bettor.sharp
      ? rng.weighted([
          [0.5, 45],
          [1, 25],
          [1.5, 10],
          [0, 15],
          [-0.5, 5],
        ] as const)
      : rng.weighted([
          [-1, 10],
          [-0.5, 25],
          [0, 40],
          [0.5, 20],
          [1, 5],
        ] as const);
  const team = home ? e.home : e.away;
  const tease = o.tease ?? 0;
  let leg: Omit<LegPlan, 'event' | 'result'>;
  let result: LegResult;
  if (market === 'spread') {
    const fixed = !POINT_SPREAD.has(e.sport);
    const close = (home ? e.spread! : -e.spread!) + tease;
    const taken = fixed ? close : close + better + (o.live ? rng.pick([-3, -1.5, 0, 1.5, 3]) : 0);
    const closeOdds = fixed ? (close < 0 ? 135 : -155) : -110;
    const odds = fixed
      ? shiftOdds(closeOdds, better * 20)
      : rng.pick([-110, -110, -110, -105, -115]);
    leg = {
      market,
      selection: `${team} ${signed(taken)}`,
      lineTaken: taken,
      oddsTaken: odds,
      closingLine: close,
      closingOdds: closeOdds,
    };
    result = compare((home ? homeMargin : -homeMargin) + taken, 0);
  } else if (market === 'total') {
    const close = e.total! + (home ? -tease : tease);
    const liveShift = !o.live
      ? 0
      : e.total! > 20
        ? rng.pick([-3, -1.5, 1.5, 3])
        : rng.pick([-1, -0.5, 0.5, 1]);
    const taken = close + (home ? -better : better) + liveShift;
    const selection = `${e.away} @ ${e.home} ${home ? 'Over' : 'Under'} ${taken}`;
    leg = {
      market,
      selection,
      lineTaken: taken,
      oddsTaken: -110,
      closingLine: close,
      closingOdds: -110,
    };
    result = home ? compare(sum, taken) : compare(taken, sum);
  } else {
    const close = home ? e.homeOdds : e.awayOdds;
    const odds = shiftOdds(close, better * 20 + (o.live ? rng.int(-60, 60) : 0));
    leg = {
      market,
      selection: `${team} ML`,
      lineTaken: null,
      oddsTaken: odds,
      closingLine: null,
      closingOdds: close,
    };
    const margin = home ? homeMargin : -homeMargin;
    // A drawn soccer match loses both two-way moneylines.
    result = margin !== 0 ? (margin > 0 ? 'win' : 'loss') : e.sport === 'SOCCER' ? 'loss' : 'push';
  }
  if (o.live) leg = { ...leg, closingLine: null, closingOdds: null };
  if (!final(e)) result = 'open';
  else if (e.status === 'cancelled') result = 'noaction';
  return { ...leg, event: e, result };
}

/** Props on one competitor's own score, so they settle from the same final score as the game. */
function propLeg(rng: Rng, e: SeedEvent, bettor: Bettor): LegPlan {
  const home = rng.chance(0.5);
  const team = home ? e.home : e.away;
  const expected =
    e.sport === 'TENNIS'
      ? 1.5
      : e.sport === 'GOLF'
        ? 70.5
        : e.sport === 'MMA'
          ? 0.5
          : ((e.total ?? 0) - (home ? (e.spread ?? 0) : -(e.spread ?? 0))) / 2;
  const close = Math.floor(expected) + 0.5;
  const over = rng.chance(0.5);
  const better = bettor.sharp ? rng.pick([0.5, 1, 1, 0]) : rng.pick([-0.5, 0, 0, 0.5]);
  const taken = close + (over ? -better : better) * (close > 10 ? 1 : 0);
  const stat =
    e.sport === 'GOLF'
      ? 'strokes'
      : e.sport === 'TENNIS'
        ? 'sets'
        : e.sport === 'MMA'
          ? 'wins'
          : 'team total';
  const selection = `${team} ${stat} ${over ? 'over' : 'under'} ${taken}`;
  let result: LegResult = 'open';
  if (e.status === 'cancelled') result = 'noaction';
  else if (e.status === 'final') {
    const score = home ? e.homeScore! : e.awayScore!;
    result = over ? compare(score, taken) : compare(taken, score);
  }
  const odds = rng.pick([-115, -110, -105, 100, 110]);
  return {
    event: e,
    market: 'prop',
    selection,
    lineTaken: taken,
    oddsTaken: odds,
    closingLine: close,
    closingOdds: odds,
    result,
  };
}

function futureLeg(rng: Rng, e: SeedEvent, bettor: Bettor): LegPlan {
  const pick = rng.pick(e.field);
  // Sharps get on before the price shortens; the rest often take a shorter price than the close.
  const drift = bettor.sharp ? rng.int(2, 10) * 25 : rng.int(-6, 3) * 25;
  const taken = Math.max(150, pick.odds + drift);
  const result: LegResult =
    e.status === 'final' ? (pick.name === e.winner ? 'win' : 'loss') : 'open';
  return {
    event: e,
    market: 'future',
    selection: `${pick.name} to win`,
    lineTaken: null,
    oddsTaken: taken,
    closingLine: null,
    closingOdds: pick.odds,
    result,
  };
}

/** The wager's grade from its legs: a loss sinks it; pushed and void legs drop out. */
export function combineLegs(results: readonly LegResult[]): LegResult {
  if (results.includes('open')) return 'open';
  if (results.includes('loss')) return 'loss';
  if (results.includes('win')) return 'win';
  return results.every((r) => r === 'noaction') ? 'noaction' : 'push';
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
  const sport = rng.weighted(bettor.sports);
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
