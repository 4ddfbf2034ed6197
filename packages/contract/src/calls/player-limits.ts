// A player's credit and wager limits (issue 17, decision 029): read and set by an agent within the
// caps of the agents above. Apart from the players list, whose file the export path loads on every
// report screen.
import { z } from 'zod';
import { defaulted, endpoint, Id, optional, Timestamp } from '../core/endpoint.ts';
import { Limit, WagerLimits } from '../core/limits.ts';
import { Money } from '../core/money.ts';

/** The least cap of the agents above a player (null: none sets one), minor units. */
const CapOrNone = Money.nullable();

/** A player's credit and wager limits, with the caps the agents above set on them. */
export const PlayerLimits = z.object({
  IdPlayer: z.number().int(),
  Player: z.string(),
  Currency: z.string(),
  CreditLimit: Money,
  /** Credit on top of the limit until TempCreditUntil; 0 when none is given. */
  TempCredit: Money,
  TempCreditUntil: Timestamp.nullable(),
  /** The largest wager of any type; 0: no maximum of the player's own. */
  MaxWager: Money,
  Limits: WagerLimits,
  /** What no player below the agents above may exceed (DOMAIN.md). */
  Caps: z.object({ CreditLimit: CapOrNone, MaxWager: CapOrNone }),
  /** A ceiling of the player's own above the caps, given by an approved request; null: none. */
  Approved: z.object({ CreditLimit: CapOrNone, MaxWager: CapOrNone }),
  /** The player's request awaiting approval, if any. */
  Pending: z
    .object({ IdRequest: z.number().int(), Approver: z.string(), CreatedAt: Timestamp })
    .nullable(),
});
export type PlayerLimits = z.infer<typeof PlayerLimits>;

export const getPlayerLimits = endpoint({
  method: 'POST',
  base: 'reports',
  path: 'AgentSiteFrames/GetPlayerLimits',
  summary: "A player's credit and wager limits, and the caps of the agents above.",
  audience: 'agent',
  body: z.object({ idPlayer: Id }),
  response: PlayerLimits,
});

export const SetPlayerLimits = z.object({
  idPlayer: Id,
  creditLimit: Limit,
  tempCredit: defaulted(Limit, 0),
  tempCreditUntil: optional(Timestamp),
  maxWager: defaulted(Limit, 0),
  limits: WagerLimits,
});

export const setPlayerLimits = endpoint({
  method: 'POST',
  base: 'reports',
  path: 'AgentSiteFrames/SetPlayerLimits',
  summary:
    "Sets a player's credit limit, temporary credit and wager limits, within the caps of the agents above; " +
    'a limit lowered below what is open refuses new wagers and touches none already placed.',
  audience: 'agent',
  right: 'setLimits',
  body: SetPlayerLimits,
  response: PlayerLimits,
});
