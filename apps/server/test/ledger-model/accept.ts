// The accept rule of DOMAIN.md as the model reads it, for wagers placed through the feed: the first
// refusal in the rule's order, from the player's limits and balances. The model's world keeps every
// player active and every product on, its games open and its agents without caps.
import type { Sport, WagerType } from '@backline/contract';
import { tempCreditNow, type Model, type Operation } from './model.ts';

type Placing = Extract<Operation, { kind: 'place' }>;

/** The feed run's games: a wager's legs take them in turn, so a straight is on NFL alone. */
export const GAMES = [
  { ref: 'G1', sport: 'NFL' },
  { ref: 'G2', sport: 'NBA' },
] as const satisfies readonly { ref: string; sport: Sport }[];

export const gameOfLeg = (leg: number) => GAMES[leg % GAMES.length]!;

export const wagerTypeOf = (op: Placing): WagerType => (op.legs > 1 ? 'parlay' : 'straight');

/** The least of the maximums set (0 or none is no maximum); Infinity when none is. */
const least = (...caps: (number | undefined)[]) =>
  Math.min(...caps.filter((c): c is number => c !== undefined && c > 0));

/** The reason code the feed refuses `op` with, or null when it accepts it. */
export function refusal(m: Model, op: Placing): string | null {
  const p = m.players[op.player]!;
  const type = wagerTypeOf(op);
  const l = p.wagerLimits;
  const min = l.MinByType[type];
  if (min !== undefined && op.risk < min) return 'below_minimum';
  if (op.risk > least(p.maxWager, l.MaxByType[type])) return 'over_maximum';
  const sports = Array.from({ length: op.legs }, (_, i) => gameOfLeg(i).sport);
  if (op.risk > least(...sports.map((s) => l.MaxBySport[s]))) return 'over_sport_maximum';
  if (type === 'parlay' && l.MaxParlayLegs !== null && op.legs > l.MaxParlayLegs)
    return 'too_many_legs';
  if (type === 'parlay' && l.MaxParlayPayout !== null && op.toWin > l.MaxParlayPayout)
    return 'over_payout';
  if (op.freePlay) return op.risk > p.freePlay ? 'insufficient_free_play' : null;
  const available = p.creditLimit + tempCreditNow(m, p) + p.balance - p.atRisk;
  return op.risk > available ? 'insufficient_credit' : null;
}
