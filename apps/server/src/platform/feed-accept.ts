// The accept rule of DOMAIN.md: a wager is taken only when every rule lets it through. Each rule
// reads the facts and the wager and names its refusal; limits the players issue adds (minimums,
// sport maximums, legs, payout, temporary credit) plug in as further rules of this list.
import type { AcceptReason, ErrorParams } from '@backline/contract';
import type { AcceptFacts } from './feed-repository.ts';

export interface WagerAsked {
  wagerType: string;
  risk: number;
  toWin: number;
  freePlay: boolean;
  /** Each leg's game status, by the platform's id. */
  games: readonly { ref: string; status: string }[];
}

export interface Refusal {
  reason: AcceptReason;
  params: ErrorParams;
}

export type AcceptRule = (facts: AcceptFacts, wager: WagerAsked) => Refusal | null;

/** Available = credit limit + balance - open risk (DOMAIN.md); free play: its own balance. */
export function available(facts: AcceptFacts, freePlay: boolean): number {
  return freePlay ? facts.freePlayBalance : facts.creditLimit + facts.balance - facts.atRisk;
}

const CLOSED_GAMES = new Set(['final', 'closed', 'cancelled']);

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
    const caps = [f.maxWager > 0 ? f.maxWager : null, f.agentMaxWagerCap].filter(
      (c): c is number => c !== null,
    );
    const cap = caps.length ? Math.min(...caps) : null;
    return cap !== null && w.risk > cap ? { reason: 'over_maximum', params: { cap } } : null;
  },
  (f, w) => {
    const cap = available(f, w.freePlay);
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
