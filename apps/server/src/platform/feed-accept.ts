// The accept rule of DOMAIN.md: a wager is taken only when every rule lets it through. Each rule
// reads the facts and the wager and names its refusal. Limits bind new wagers only: one lowered
// below what a player has open refuses the next wager and touches none already placed.
import type { AcceptReason, ErrorParams, Sport, WagerType } from '@backline/contract';
import type { AcceptFacts } from './feed-repository.ts';

export interface WagerAsked {
  wagerType: string;
  risk: number;
  toWin: number;
  freePlay: boolean;
  /** When the wager is placed: temporary credit counts while its expiry is ahead of this. */
  at: Date;
  /** How many legs; a straight has one. */
  legs: number;
  /** Each leg's game, by the platform's id, with its status and sport. */
  games: readonly { ref: string; status: string; sport: string }[];
}

export interface Refusal {
  reason: AcceptReason;
  params: ErrorParams;
}

export type AcceptRule = (facts: AcceptFacts, wager: WagerAsked) => Refusal | null;

/** Temporary credit while it lasts at `at`, else nothing. */
export function tempCreditAt(
  facts: Pick<AcceptFacts, 'tempCredit' | 'tempCreditUntil'>,
  at: Date,
): number {
  return facts.tempCreditUntil !== null && facts.tempCreditUntil > at ? facts.tempCredit : 0;
}

/**
 * Available = credit limit + temporary credit (while unexpired) + balance - open risk (DOMAIN.md);
 * a free-play wager draws on its own balance.
 */
export function available(facts: AcceptFacts, freePlay: boolean, at: Date): number {
  if (freePlay) return facts.freePlayBalance;
  return facts.creditLimit + tempCreditAt(facts, at) + facts.balance - facts.atRisk;
}

const CLOSED_GAMES = new Set(['final', 'closed', 'cancelled']);
/** The wager types the parlay limits bind: several legs paid together. */
const PARLAYS: ReadonlySet<string> = new Set<WagerType>(['parlay', 'teaser', 'roundrobin']);

/** The least of the maximums that apply (0 or null is none); null when none does. */
function leastOf(...caps: (number | null | undefined)[]): number | null {
  const set = caps.filter((c): c is number => typeof c === 'number' && c > 0);
  return set.length ? Math.min(...set) : null;
}

export const ACCEPT_RULES: readonly AcceptRule[] = [
  (f) =>
    f.status === 'active'
      ? null
      : { reason: 'player_suspended', params: { player: f.login, status: f.status } },
  (f) => {
    const off = f.productsOff.includes('sports') || f.agentProductsOff.includes('sports');
    return off ? { reason: 'product_off', params: { product: 'sports', player: f.login } } : null;
  },
  (_f, w) => {
    const closed = w.games.find((g) => CLOSED_GAMES.has(g.status));
    return closed ? { reason: 'event_closed', params: { game: closed.ref } } : null;
  },
  (f, w) => {
    const min = f.wagerLimits.MinByType[w.wagerType as WagerType];
    return min !== undefined && w.risk < min
      ? { reason: 'below_minimum', params: { cap: min } }
      : null;
  },
  (f, w) => {
    const cap = leastOf(
      f.maxWager,
      f.agentMaxWagerCap,
      f.wagerLimits.MaxByType[w.wagerType as WagerType],
    );
    return cap !== null && w.risk > cap ? { reason: 'over_maximum', params: { cap } } : null;
  },
  (f, w) => {
    const sports = new Set(w.games.map((g) => g.sport as Sport));
    const cap = leastOf(...[...sports].map((s) => f.wagerLimits.MaxBySport[s]));
    return cap !== null && w.risk > cap ? { reason: 'over_sport_maximum', params: { cap } } : null;
  },
  (f, w) => {
    const legs = f.wagerLimits.MaxParlayLegs;
    return PARLAYS.has(w.wagerType) && legs !== null && w.legs > legs
      ? { reason: 'too_many_legs', params: { legs } }
      : null;
  },
  (f, w) => {
    const cap = f.wagerLimits.MaxParlayPayout;
    return PARLAYS.has(w.wagerType) && cap !== null && w.toWin > cap
      ? { reason: 'over_payout', params: { cap } }
      : null;
  },
  (f, w) => {
    const cap = available(f, w.freePlay, w.at);
    if (w.risk <= cap) return null;
    return {
      reason: w.freePlay ? 'insufficient_free_play' : 'insufficient_credit',
      params: { cap },
    };
  },
];

/** The first refusal of the rules in order, or null: accepted. */
export function acceptDecision(facts: AcceptFacts, wager: WagerAsked): Refusal | null {
  for (const rule of ACCEPT_RULES) {
    const refusal = rule(facts, wager);
    if (refusal) return refusal;
  }
  return null;
}
