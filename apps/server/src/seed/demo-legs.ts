// One leg of a demo wager on a calendar event: the side, the line taken against the closing line
// (sharps take better numbers and lean to the side that covers), and the result off the final score.
import type { Sport, WagerType } from '@backline/contract';
import type { Market, Settlement } from '../ledger/wager-math.ts';
import type { SeedEvent } from './demo-events.ts';
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

export interface Bettor {
  sports: readonly (readonly [Sport, number])[];
  types: readonly (readonly [WagerType, number])[];
  sharp: boolean;
}

export const POINT_SPREAD: ReadonlySet<Sport> = new Set(['NFL', 'NCAAF', 'NBA', 'NCAAB']);

/** Moves American odds by `cents` along the price line (-110 + 15 → +105: -100 and +100 are one point). */
export function shiftOdds(odds: number, cents: number): number {
  const x = (odds < 0 ? odds + 100 : odds - 100) + cents;
  return x < 0 ? x - 100 : x + 100;
}

export const signed = (n: number) => (n > 0 ? `+${n}` : `${n}`);

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
export function gameLeg(rng: Rng, e: SeedEvent, bettor: Bettor, o: GameLegOptions = {}): LegPlan {
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
export function propLeg(rng: Rng, e: SeedEvent, bettor: Bettor): LegPlan {
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

export function futureLeg(rng: Rng, e: SeedEvent, bettor: Bettor): LegPlan {
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
