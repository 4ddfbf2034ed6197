// What the simulated platform knows of its own book: games with lines and, once final, scores;
// wagers priced from the odds taken and graded leg by leg from the final score, as a sportsbook
// grades them. Pure: no I/O, a seeded random source, so a run can be repeated.
import type { GradeResult, Sport } from '@backline/contract';

export type Random = () => number;

/** A seeded random source (mulberry32): the same seed, the same book. */
export function seededRandom(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export const pick = <T>(random: Random, list: readonly T[]): T =>
  list[Math.floor(random() * list.length)]!;

interface SportShape {
  sport: Sport;
  league: string;
  teams: readonly string[];
  /** A team's score: base + up to spread more. */
  score: [number, number];
  total: number;
  /** Spreads in half points (0 for a moneyline-only sport). */
  spread: number;
}

const SPORTS: readonly SportShape[] = [
  {
    sport: 'NFL',
    league: 'NFL',
    teams: ['Bears', 'Packers', 'Vikings', 'Lions', 'Eagles', 'Giants', 'Cowboys', 'Commanders'],
    score: [10, 28],
    total: 44.5,
    spread: 7,
  },
  {
    sport: 'NBA',
    league: 'NBA',
    teams: ['Celtics', 'Knicks', 'Heat', 'Bulls', 'Lakers', 'Warriors', 'Suns', 'Nuggets'],
    score: [95, 35],
    total: 224.5,
    spread: 9,
  },
  {
    sport: 'NHL',
    league: 'NHL',
    teams: ['Rangers', 'Bruins', 'Leafs', 'Canadiens', 'Oilers', 'Flames', 'Kings', 'Sharks'],
    score: [0, 6],
    total: 5.5,
    spread: 0,
  },
  {
    sport: 'SOCCER',
    league: 'Premier League',
    teams: ['Arsenal', 'Chelsea', 'Liverpool', 'Everton', 'Spurs', 'Villa', 'Newcastle', 'Wolves'],
    score: [0, 4],
    total: 2.5,
    spread: 0,
  },
];

export interface Game {
  ref: string;
  sport: Sport;
  league: string;
  home: string;
  away: string;
  /** Home's spread (negative: home favoured), and the total. */
  spread: number;
  total: number;
  /** Moneyline odds of each side. */
  homeOdds: number;
  awayOdds: number;
  final: { home: number; away: number } | null;
  /** Wagers placed on it so far. */
  action: number;
}

export function newGame(random: Random, ref: string): Game {
  const shape = pick(random, SPORTS);
  const home = pick(random, shape.teams);
  let away = pick(random, shape.teams);
  while (away === home) away = pick(random, shape.teams);
  const favourite = random() < 0.5 ? -1 : 1;
  const spread = shape.spread ? favourite * (Math.floor(random() * shape.spread * 2) / 2 + 1) : 0;
  const fav = -(110 + Math.round(random() * 9) * 10);
  const dog = 100 + Math.round(random() * 7) * 10;
  return {
    ref,
    sport: shape.sport,
    league: shape.league,
    home,
    away,
    spread,
    total: shape.total,
    homeOdds: favourite < 0 ? fav : dog,
    awayOdds: favourite < 0 ? dog : fav,
    final: null,
    action: 0,
  };
}

/** A final score drawn around the game's lines. */
export function finalScore(random: Random, game: Game): { home: number; away: number } {
  const shape = SPORTS.find((s) => s.sport === game.sport)!;
  const team = () => shape.score[0] + Math.floor(random() * (shape.score[1] + 1));
  return { home: team(), away: team() };
}

export interface Leg {
  game: string;
  market: 'spread' | 'total' | 'moneyline';
  /** Which side: home or away for spread and moneyline, over or under for the total. */
  side: 'home' | 'away' | 'over' | 'under';
  selection: string;
  line: number | null;
  odds: number;
}

export function legOn(random: Random, game: Game): Leg {
  const market =
    game.spread !== 0 && random() < 0.5 ? 'spread' : random() < 0.5 ? 'total' : 'moneyline';
  if (market === 'total') {
    const side = random() < 0.5 ? 'over' : 'under';
    return {
      game: game.ref,
      market,
      side,
      selection: `${side === 'over' ? 'Over' : 'Under'} ${game.total}`,
      line: game.total,
      odds: -110,
    };
  }
  const side = random() < 0.5 ? 'home' : 'away';
  const team = side === 'home' ? game.home : game.away;
  if (market === 'spread') {
    const line = side === 'home' ? game.spread : -game.spread;
    return { game: game.ref, market, side, selection: `${team} ${signed(line)}`, line, odds: -110 };
  }
  const odds = side === 'home' ? game.homeOdds : game.awayOdds;
  return { game: game.ref, market, side, selection: team, line: null, odds };
}

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** American odds as a decimal price (stake included). */
export function decimalOdds(odds: number): number {
  return odds > 0 ? 1 + odds / 100 : 1 + 100 / -odds;
}

/** What a stake wins at these legs' odds, in minor units (a parlay multiplies its prices). */
export function toWinOf(risk: number, legs: readonly Leg[]): number {
  const price = legs.reduce((p, l) => p * decimalOdds(l.odds), 1);
  return Math.max(1, Math.round(risk * (price - 1)));
}

export function gradeLeg(leg: Leg, score: { home: number; away: number }): GradeResult {
  const compare = (a: number, b: number): GradeResult => (a > b ? 'win' : a < b ? 'loss' : 'push');
  if (leg.market === 'total') {
    const total = score.home + score.away;
    return leg.side === 'over' ? compare(total, leg.line!) : compare(leg.line!, total);
  }
  const mine = leg.side === 'home' ? score.home : score.away;
  const theirs = leg.side === 'home' ? score.away : score.home;
  return compare(mine + (leg.market === 'spread' ? leg.line! : 0), theirs);
}

/**
 * A wager's result from its legs': a loss if any lost, a push if all pushed, otherwise a win (a
 * parlay with a pushed leg is paid in full here; a real book would reprice it: a simplification).
 */
export function wagerResult(results: readonly GradeResult[]): GradeResult {
  if (results.includes('loss')) return 'loss';
  if (results.every((r) => r === 'push' || r === 'noaction')) return 'push';
  return 'win';
}

/** Where the line closed: near where it was taken. */
export function closingOf(random: Random, leg: Leg): { line: number | null; odds: number } {
  const line = leg.line === null ? null : leg.line + pick(random, [-1, -0.5, 0, 0, 0.5, 1]);
  const moved = leg.odds + pick(random, [-10, -5, 0, 5, 10]);
  const odds = moved > -100 && moved < 100 ? leg.odds : moved;
  return { line, odds };
}
