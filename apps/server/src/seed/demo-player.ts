// Who a demo player is: account fields, how much and how often they bet, on what, and which other
// products (casino, horses, rbl, free play) they use. All drawn from the player's own seeded PRNG.
import { SPORTS, type Sport, type WagerType } from '@backline/contract';
import { personName } from './demo-names.ts';
import type { Bettor } from './demo-legs.ts';
import type { Rng } from './prng.ts';

export interface ProductHabit {
  /** Chance of a session on a given day, and its net result in stake units (mean, sd). */
  daily: number;
  mean: number;
  sd: number;
}

export interface PlayerSpec {
  siteId: number;
  agentId: number;
  login: string;
  name: string;
  email: string;
  currency: string;
  language: string;
  creditLimit: number;
  settleFigure: number;
  maxWager: number;
  active: boolean;
  createdAt: Date;
  /** Betting starts at the later of joining and the window start, and stops here for inactive players. */
  activeFrom: number;
  activeUntil: number;
  bettor: Bettor;
  /** The usual stake, minor units. */
  unit: number;
  wagersPerWeek: number;
  casino: ProductHabit | null;
  horses: ProductHabit | null;
  rbl: ProductHabit | null;
  freePlayPromo: boolean;
  /** How often the player's book voids or regrades one of their wagers. */
  voidRate: number;
  regradeRate: number;
}

/** Major units of each currency worth about one US dollar of stake. */
export const STAKE_FACTOR: Record<string, number> = { USD: 1, CAD: 1.35, MXN: 18, EUR: 0.9 };

/** Rounds a major amount to what a person would stake: 5s, then 10s, then 50s; returns minor units. */
export function niceStake(major: number): number {
  const step = major < 100 ? 5 : major < 1000 ? 10 : 50;
  return Math.max(step, Math.round(major / step) * step) * 100;
}

const TYPES: readonly (readonly [WagerType, number])[] = [
  ['straight', 52],
  ['parlay', 15],
  ['teaser', 5],
  ['ifbet', 2],
  ['reverse', 2],
  ['roundrobin', 3],
  ['props', 8],
  ['futures', 4],
  ['live', 9],
];
const SHARP_TYPES: readonly (readonly [WagerType, number])[] = [
  ['straight', 75],
  ['props', 8],
  ['live', 7],
  ['futures', 5],
  ['parlay', 5],
];

export interface SiteProfile {
  siteId: number;
  loginPrefix: string;
  firstNumber: number;
  agents: readonly (readonly [number, number])[];
  /** The agent of the first player, the demo's known player log-in. */
  firstPlayerAgent: number | null;
  currencies: readonly (readonly [string, number])[];
  popularity: Record<Sport, number>;
  languages: readonly (readonly [string, number])[];
  windowStart: number;
  now: number;
  wagerRate: number;
}

export function playerSpec(rng: Rng, site: SiteProfile, index: number): PlayerSpec {
  const login = `${site.loginPrefix}${site.firstNumber + index}`;
  const demoPlayer = index === 0;
  const currency = demoPlayer ? site.currencies[0]![0] : rng.weighted(site.currencies);
  const dollars = rng.weighted([
    [10, 30],
    [25, 30],
    [50, 20],
    [100, 12],
    [250, 6],
    [1000, 2],
  ] as const);
  const unit = niceStake((demoPlayer ? 50 : dollars) * STAKE_FACTOR[currency]!);
  const tier = demoPlayer
    ? 4.5
    : rng.weighted([
        [0.6, 20],
        [1.7, 40],
        [4.5, 30],
        [10, 10],
      ] as const);
  const sharp = !demoPlayer && rng.chance(0.04);
  const favourites = rng.sample(SPORTS, rng.int(1, 3));
  const sports = SPORTS.map(
    (s) => [s, site.popularity[s] * (favourites.includes(s) ? 12 : 1)] as const,
  );
  const joinedInWindow = !demoPlayer && rng.chance(0.1);
  const span = site.now - site.windowStart;
  const createdAt = joinedInWindow
    ? site.windowStart + rng.next() * span * 0.8
    : site.windowStart - rng.int(30, 700) * 86_400_000;
  const active = demoPlayer || rng.chance(0.94);
  return {
    siteId: site.siteId,
    agentId:
      demoPlayer && site.firstPlayerAgent !== null
        ? site.firstPlayerAgent
        : rng.weighted(site.agents),
    login,
    name: personName(rng.pick),
    email: `${login.toLowerCase()}@demo.backline.test`,
    currency,
    language: rng.weighted(site.languages),
    creditLimit: unit * rng.pick([20, 40, 40, 100]),
    settleFigure: unit * rng.pick([0, 0, 5, 10]),
    maxWager: unit * 10,
    active,
    createdAt: new Date(Math.floor(createdAt / 1000) * 1000),
    activeFrom: Math.max(site.windowStart, createdAt),
    activeUntil: active ? site.now : site.windowStart + rng.next() * span,
    bettor: { sports, types: sharp ? SHARP_TYPES : TYPES, sharp },
    unit,
    wagersPerWeek: tier * site.wagerRate,
    casino: demoPlayer || rng.chance(0.3) ? { daily: 0.25, mean: -0.15, sd: 1.2 } : null,
    horses: rng.chance(0.1) ? { daily: 0.2, mean: -0.2, sd: 0.8 } : null,
    rbl: rng.chance(0.08) ? { daily: 0.3, mean: -0.1, sd: 0.6 } : null,
    freePlayPromo: demoPlayer || rng.chance(0.25),
    voidRate: demoPlayer ? 0.03 : 0.005,
    regradeRate: demoPlayer ? 0.05 : 0.001,
  };
}
