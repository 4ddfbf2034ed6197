// Players: the caller's players to run (issue 17), paged, searched, filtered and sorted on the
// server, with what an agent checks first: balance, credit, what is at risk and what is left.
import { z } from 'zod';
import {
  defaulted,
  endpoint,
  Id,
  optional,
  OptionalId,
  Timestamp,
  WholeNumber,
} from '../core/endpoint.ts';
import { PlayerStatus } from '../core/enums.ts';
import { WagerLimits } from '../core/limits.ts';
import { MAX_PAYMENT, Money } from '../core/money.ts';
import { PageEcho, PageNumber, PeriodEcho, PlayerRef, RankedIn, sortDir } from '../core/common.ts';

export const PLAYER_SORTS = [
  'player',
  'name',
  'agent',
  'balance',
  'creditLimit',
  'atRisk',
  'available',
  'thisWeek',
] as const;
export type PlayerSort = (typeof PLAYER_SORTS)[number];

/** Which players a list shows: all, or those a desk looks for first. */
export const PLAYER_FILTERS = [
  'all',
  'active',
  'suspended',
  'withBalance',
  'overLimit',
  'watched',
] as const;
export type PlayerFilter = (typeof PLAYER_FILTERS)[number];

export const PlayersRequest = z.object({
  idAgent: OptionalId,
  search: optional(z.string().trim().max(64, 'is at most 64 characters')),
  filter: defaulted(
    z.enum(PLAYER_FILTERS, { error: `must be one of ${PLAYER_FILTERS.join(', ')}` }),
    'all',
  ),
  page: PageNumber,
  pageSize: defaulted(WholeNumber('must be a number', 1, 500), 50),
  sort: defaulted(
    z.enum(PLAYER_SORTS, { error: `must be one of ${PLAYER_SORTS.join(', ')}` }),
    'player',
  ),
  dir: sortDir('asc'),
});

export const PlayerListRow = PlayerRef.extend({
  Status: PlayerStatus,
  CreditLimit: Money,
  Balance: Money,
  AtRisk: Money,
  /** Credit limit + temporary credit in force + balance - at risk (DOMAIN.md). */
  Available: Money,
  /** This week's win/loss, all products. */
  ThisWeek: Money,
  LastWagerAt: Timestamp.nullable(),
  Watched: z.boolean(),
  /** What is at risk is more than credit and balance cover: available below zero. */
  OverLimit: z.boolean(),
});
export type PlayerListRow = z.infer<typeof PlayerListRow>;

/** One page of the list; StartDate and EndDate are the week ThisWeek counts. */
export const PlayersPage = PeriodEcho.extend({
  Rows: z.array(PlayerListRow),
  ...PageEcho,
  RankedIn,
});
export type PlayersPage = z.infer<typeof PlayersPage>;

export const getPlayers = endpoint({
  method: 'POST',
  base: 'reports',
  path: 'AgentSiteFrames/GetPlayers',
  summary:
    "The caller's players (or a sub-agent's), paged, searched, filtered and sorted on the server.",
  audience: 'agent',
  body: PlayersRequest,
  response: PlayersPage,
});

export const SetPlayerWatched = z.object({ idPlayer: Id, watched: z.boolean() });

export const setPlayerWatched = endpoint({
  method: 'POST',
  base: 'reports',
  path: 'AgentSiteFrames/SetPlayerWatched',
  summary: 'Puts a player of the subtree on the watch list or takes them off it.',
  audience: 'agent',
  right: 'managePlayers',
  body: SetPlayerWatched,
  response: z.object({ IdPlayer: z.number().int(), Watched: z.boolean() }),
});

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

/** Amounts a person sets as a limit: none below zero, none beyond the largest payment. */
const Limit = Money.min(0, 'must not be negative').max(MAX_PAYMENT, `is at most ${MAX_PAYMENT}`);

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
  right: 'managePlayers',
  body: SetPlayerLimits,
  response: PlayerLimits,
});
