// Players: the caller's players to run (issue 17), paged, searched, filtered and sorted on the
// server, with what an agent checks first: balance, credit, what is at risk and what is left.
import { z } from 'zod';
import { PlayersRequest } from './players-request.ts';
import { endpoint, Id, Timestamp } from '../core/endpoint.ts';
import { oneOf } from '../core/enums.ts';
import { Money } from '../core/money.ts';
import { PageEcho, PeriodEcho, PlayerRef, RankedIn } from '../core/common.ts';

export * from './players-request.ts';

/** A player's status (DOMAIN.md "Running the book"): suspended may not bet; closed is also inactive. */
export const PLAYER_STATUSES = ['active', 'suspended', 'closed'] as const;
export const PlayerStatus = oneOf(PLAYER_STATUSES);
export type PlayerStatus = z.infer<typeof PlayerStatus>;

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
  /**
   * The player's standing CLV score (cents, DOMAIN.md "Closing line value"): the mean over its
   * latest CLV_SCORING.LastLegs graded legs, kept by the risk worker; null before a scored leg.
   */
  ClvScore: z.number().nullable(),
  /** Sharp by CLV_SCORING (clvStanding): enough legs from enough wagers, a score at the threshold. */
  Sharp: z.boolean(),
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
