// Free play an agent grants a player or takes back (issue 17), entered as the other money entries
// are (a correction with its reason, once per key); apart from the player payments report, whose
// file every export loads.
import { z } from 'zod';
import { endpoint } from '../core/endpoint.ts';
import { Money } from '../core/money.ts';
import { CorrectionRequest, CorrectionRow } from '../reports/player-payment.ts';

/**
 * grant: free play the player may wager (the free-play balance rises); remove: taken back, never
 * more than the player holds.
 */
export const FREE_PLAY_DIRECTIONS = ['grant', 'remove'] as const;
export type FreePlayDirection = (typeof FREE_PLAY_DIRECTIONS)[number];

export const InsertPlayerFreePlay = CorrectionRequest.extend({
  direction: z.enum(FREE_PLAY_DIRECTIONS, { error: 'must be grant or remove' }),
});

export const PlayerFreePlayRow = CorrectionRow.extend({
  /** The player's free-play balance after it. */
  FreePlayBalanceAfter: Money,
});
export type PlayerFreePlayRow = z.infer<typeof PlayerFreePlayRow>;

export const insertPlayerFreePlay = endpoint({
  method: 'POST',
  base: 'reports',
  path: 'AgentSiteFrames/InsertPlayerFreePlay',
  summary:
    'Grants a player free play or removes it (type 4), with its reason; the same key posts once.',
  audience: 'agent',
  right: 'freePlay',
  body: InsertPlayerFreePlay,
  response: z.object({ FreePlay: PlayerFreePlayRow, Replayed: z.boolean() }),
});
