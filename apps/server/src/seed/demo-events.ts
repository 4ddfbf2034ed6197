// The demo's sporting calendar: games of every sport with closing lines and, once over, final
// scores drawn around those lines; plus outright ("futures") markets settling every few weeks.
import { addDays, SPORTS, startOfDayUtc, type IsoDate, type Sport } from '@backline/contract';
import { LEAGUES, roster, TEAMS } from './demo-names.ts';
import type { Rng } from './prng.ts';

export interface SeedEvent {
  id: number;
  siteId: number;
  sport: Sport;
  league: string;
  home: string;
  away: string;
  startsAt: Date;
  endsAt: Date;
  kind: 'game' | 'future';
  status: 'scheduled' | 'live' | 'final' | 'cancelled';
  homeScore: number | null;
  awayScore: number | null;
  /** Closing lines from the home side: spread (null where the sport has none), total, moneylines. */
  spread: number | null;
  total: number | null;
  homeOdds: number;
  awayOdds: number;
  /** Contenders of an outright market with their prices, and the one that wins it. */
  field: { name: string; odds: number }[];
  winner: string | null;
}

interface SportShape {
  /** Games per local day, Monday first. */
  perDay: [number, number, number, number, number, number, number];
  hours: [number, number];
  minutes: number;
  /** Sd of the home team's expected margin, and of the result around it. */
  edgeSd: number;
  marginSd: number;
  /** Mean total and its sd; null: no totals market. */
  total: [number, number] | null;
  spread: 'points' | 'runline' | 'goals' | null;
  draws: boolean;
}

const shape = (
  perDay: SportShape['perDay'],
  hours: [number, number],
  minutes: number,
  [edgeSd, marginSd]: [number, number],
  total: [number, number] | null,
  spread: SportShape['spread'],
  draws = false,
): SportShape => ({ perDay, hours, minutes, edgeSd, marginSd, total, spread, draws });

// Games per weekday, local start hours, length, [edge sd, margin sd], [mean total, sd], spread kind.
const SHAPES: Record<Sport, SportShape> = {
  NFL: shape([1, 0, 0, 1, 0, 0, 13], [13, 20], 195, [5, 13], [44, 4], 'points'),
  NCAAF: shape([0, 0, 0, 1, 2, 30, 0], [12, 22], 200, [11, 15], [55, 7], 'points'),
  NBA: shape([7, 7, 7, 7, 7, 7, 6], [19, 22], 140, [6, 12], [226, 8], 'points'),
  NCAAB: shape([10, 12, 12, 10, 6, 25, 8], [18, 21], 130, [8, 11], [142, 8], 'points'),
  MLB: shape([10, 12, 12, 10, 12, 14, 14], [13, 21], 185, [0.8, 3.5], [8.5, 1], 'runline'),
  NHL: shape([4, 7, 5, 7, 5, 12, 6], [19, 22], 155, [0.6, 2.2], [6, 0.5], 'runline'),
  SOCCER: shape([1, 3, 3, 0, 1, 12, 10], [8, 20], 115, [0.6, 1.4], [2.5, 0.5], 'goals', true),
  TENNIS: shape([8, 8, 8, 8, 8, 6, 6], [6, 18], 120, [0.6, 1], null, null),
  MMA: shape([0, 0, 0, 0, 0, 10, 0], [19, 23], 25, [0.7, 1], null, null),
  GOLF: shape([0, 0, 0, 4, 4, 4, 4], [8, 14], 270, [1, 2.5], null, null),
};

/** Month-days (MM-DD) a season runs between, inclusive; `to` before `from` runs over New Year. */
interface Season {
  from: string;
  to: string;
  /** From this day to the end: the postseason, with far fewer games a day. */
  playoffs?: string;
}

// The real calendars, roughly: no baseball in December, no NFL in June. Null: played all year
// (soccer's leagues between them, MMA cards).
const SEASONS: Record<Sport, Season | null> = {
  NFL: { from: '09-04', to: '02-09', playoffs: '01-10' },
  NCAAF: { from: '08-23', to: '01-20', playoffs: '12-13' },
  NBA: { from: '10-21', to: '06-20', playoffs: '04-18' },
  NCAAB: { from: '11-03', to: '04-07', playoffs: '03-17' },
  MLB: { from: '03-26', to: '10-31', playoffs: '09-30' },
  NHL: { from: '10-07', to: '06-20', playoffs: '04-18' },
  SOCCER: null,
  // The ATP and WTA from the United Cup to the Davis Cup finals.
  TENNIS: { from: '12-27', to: '11-23' },
  MMA: null,
  // The PGA Tour from The Sentry to the Hero World Challenge.
  GOLF: { from: '01-08', to: '12-07' },
};
const PLAYOFF_SHARE = 0.25;

function within(monthDay: string, from: string, to: string): boolean {
  return from <= to ? monthDay >= from && monthDay <= to : monthDay >= from || monthDay <= to;
}

/** How much of a sport's usual day of games `day` has: none out of season, a few in the playoffs. */
function seasonShare(sport: Sport, day: IsoDate): number {
  const season = SEASONS[sport];
  if (!season) return 1;
  const monthDay = day.slice(5);
  if (!within(monthDay, season.from, season.to)) return 0;
  return season.playoffs && within(monthDay, season.playoffs, season.to) ? PLAYOFF_SHARE : 1;
}

export const inSeason = (sport: Sport, day: IsoDate) => seasonShare(sport, day) > 0;

/** `day`, or the first day after it when the sport is played. */
function firstInSeason(sport: Sport, day: IsoDate): IsoDate {
  let d = day;
  for (let i = 0; i < 366 && !inSeason(sport, d); i++) d = addDays(d, 1);
  return d;
}

export const LONGEST_GAME_MS = Math.max(...Object.values(SHAPES).map((s) => s.minutes)) * 60_000;

const halfPoint = (x: number) => Math.round(x * 2) / 2;

/** Standard normal CDF (Abramowitz-Stegun 7.1.26). */
function phi(z: number): number {
  const t = 1 / (1 + 0.3275911 * (Math.abs(z) / Math.SQRT2));
  const y =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) *
      t *
      Math.exp(-(z * z) / 2);
  return z >= 0 ? (1 + y) / 2 : (1 - y) / 2;
}

/** American odds for a win probability, with the book's margin, in steps of 5. */
export function americanFor(p: number, vig = 0.0225): number {
  const implied = Math.min(0.97, Math.max(0.03, p + vig));
  const raw = implied >= 0.5 ? (-100 * implied) / (1 - implied) : (100 * (1 - implied)) / implied;
  const rounded = Math.round(raw / 5) * 5;
  return rounded > -100 && rounded < 100 ? (raw < 0 ? -105 : 100) : rounded;
}

function closingSpread(shape: SportShape, edge: number): number | null {
  switch (shape.spread) {
    case 'points':
      return halfPoint(-edge) === 0 ? -0.5 : halfPoint(-edge);
    case 'runline':
      return edge >= 0 ? -1.5 : 1.5;
    case 'goals':
      return Math.max(-2.5, Math.min(2.5, halfPoint(-edge)));
    default:
      return null;
  }
}

function finalScore(
  rng: Rng,
  sport: Sport,
  shape: SportShape,
  edge: number,
  total: number | null,
  pHome: number,
) {
  if (sport === 'TENNIS' || sport === 'MMA') {
    const homeWins = rng.chance(pHome);
    const loser = sport === 'TENNIS' ? rng.int(0, 1) : 0;
    const winner = sport === 'TENNIS' ? 2 : 1;
    return homeWins ? [winner, loser] : [loser, winner];
  }
  if (sport === 'GOLF') {
    // Strokes: the lower score wins the matchup.
    return [Math.round(rng.normal(71 - edge / 2, 2.5)), Math.round(rng.normal(71 + edge / 2, 2.5))];
  }
  const margin = rng.normal(edge, shape.marginSd);
  const sum = Math.max(0, rng.normal(total ?? 0, shape.total![1] * 2.5));
  let home = Math.max(0, Math.round((sum + margin) / 2));
  let away = Math.max(0, Math.round((sum - margin) / 2));
  if (home === away && !shape.draws) {
    if (margin >= 0) home++;
    else away++;
  }
  return [home, away];
}

export interface EventWindow {
  siteId: number;
  timeZone: string;
  firstDay: IsoDate;
  /** Games are scheduled through this day, so wagers placed just before "now" have games to take. */
  lastDay: IsoDate;
  now: Date;
  density: number;
  firstId: number;
}

export function generateEvents(rng: Rng, w: EventWindow): SeedEvent[] {
  const out: SeedEvent[] = [];
  const nowMs = w.now.getTime();
  const sides = new Map<Sport, string[]>();
  for (const sport of SPORTS) sides.set(sport, TEAMS[sport] ?? roster(40, rng.pick));
  for (let day = w.firstDay; day <= w.lastDay; day = addDays(day, 1)) {
    const midnight = startOfDayUtc(day, w.timeZone).getTime();
    const dow = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
    for (const sport of SPORTS) {
      const shape = SHAPES[sport];
      const count = rng.poisson(shape.perDay[dow]! * w.density * seasonShare(sport, day));
      const pool = sides.get(sport)!;
      for (let i = 0; i < count; i++) {
        const [home, away] = rng.sample(pool, 2) as [string, string];
        const minute = shape.hours[0] * 60 + 5 * rng.int(0, (shape.hours[1] - shape.hours[0]) * 12);
        const startsAt = new Date(midnight + minute * 60_000);
        const endsAt = new Date(startsAt.getTime() + shape.minutes * 60_000);
        const edge = rng.normal(
          sport === 'SOCCER' || sport === 'NFL' ? 0.3 * shape.edgeSd : 0,
          shape.edgeSd,
        );
        const pHome =
          sport === 'GOLF' ? phi(edge / (2.5 * Math.SQRT2)) : phi(edge / shape.marginSd);
        const total = shape.total ? halfPoint(rng.normal(shape.total[0], shape.total[1])) : null;
        const over = endsAt.getTime() <= nowMs;
        const cancelled = over && rng.chance(0.007);
        const [homeScore, awayScore] =
          over && !cancelled ? finalScore(rng, sport, shape, edge, total, pHome) : [null, null];
        out.push({
          id: 0,
          siteId: w.siteId,
          sport,
          league: rng.pick(LEAGUES[sport]!),
          home,
          away,
          startsAt,
          endsAt,
          kind: 'game',
          status: cancelled
            ? 'cancelled'
            : over
              ? 'final'
              : startsAt.getTime() <= nowMs
                ? 'live'
                : 'scheduled',
          homeScore: homeScore ?? null,
          awayScore: awayScore ?? null,
          spread: closingSpread(shape, edge),
          total,
          homeOdds: americanFor(pHome),
          awayOdds: americanFor(1 - pHome),
          field: [],
          winner: null,
        });
      }
    }
  }
  out.push(...futures(rng, w, sides));
  out.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  out.forEach((e, i) => (e.id = w.firstId + i));
  return out;
}

const OUTRIGHT_PRICES = [300, 450, 600, 800, 1000, 1200, 1500, 2000, 2500, 3000, 4000, 5000];

/**
 * Outright markets settling every four weeks through the window while the sport is played, and one
 * still open after it (settling once the sport is back, when it is out of season).
 */
function futures(rng: Rng, w: EventWindow, sides: Map<Sport, string[]>): SeedEvent[] {
  const out: SeedEvent[] = [];
  const everyFourWeeks: IsoDate[] = [];
  for (let day = addDays(w.firstDay, 27); day <= w.lastDay; day = addDays(day, 28))
    everyFourWeeks.push(day);
  for (const sport of SPORTS) {
    const settleDays = [
      ...everyFourWeeks.filter((day) => inSeason(sport, day)),
      firstInSeason(sport, addDays(w.lastDay, 56)),
    ];
    for (const day of settleDays) {
      const startsAt = new Date(startOfDayUtc(day, w.timeZone).getTime() + 22 * 3_600_000);
      const over = startsAt.getTime() <= w.now.getTime();
      const league = LEAGUES[sport]![0]!;
      const field = rng
        .sample(sides.get(sport)!, OUTRIGHT_PRICES.length)
        .map((name, i) => ({ name, odds: OUTRIGHT_PRICES[i]! }));
      out.push({
        id: 0,
        siteId: w.siteId,
        sport,
        league: `${league} futures`,
        home: `${league} outright winner`,
        away: 'Field',
        startsAt,
        endsAt: startsAt,
        kind: 'future',
        status: over ? 'final' : 'scheduled',
        homeScore: null,
        awayScore: null,
        spread: null,
        total: null,
        homeOdds: 0,
        awayOdds: 0,
        field,
        // The favourite wins more often: the winner is drawn by implied probability.
        winner: rng.weighted(field.map((f) => [f.name, 100 / (100 + f.odds)] as const)),
      });
    }
  }
  return out;
}
