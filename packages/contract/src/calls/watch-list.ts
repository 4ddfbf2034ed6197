// The watch list (issue 17): the players an agent keeps an eye on, with today and this week, what
// they have at risk and their latest wagers, on one screen.
import { z } from 'zod';
import { endpoint, OptionalId, Timestamp } from '../core/endpoint.ts';
import { BetResult, Sport, WagerType, WAGER_STATUSES } from '../core/enums.ts';
import { Money } from '../core/money.ts';
import { IsoDate } from '../core/periods.ts';
import { PlayerRef } from '../core/common.ts';
import { PlayerStatus } from '../reports/players.ts';

/** Watched players shown at most; the rest are counted. */
export const WATCH_LIST_MAX = 200;
/** Latest wagers shown per player. */
export const WATCH_LAST_WAGERS = 5;

export const WatchedPlayer = PlayerRef.extend({
  Status: PlayerStatus,
  Balance: Money,
  AtRisk: Money,
  /** Credit limit + temporary credit in force + balance - at risk (DOMAIN.md). */
  Available: Money,
  /** Today's win/loss, all products, in the site's day. */
  Today: Money,
  ThisWeek: Money,
  OpenWagers: z.number().int(),
  LastWagers: z.array(
    z.object({
      IdWager: z.number().int(),
      Ticket: z.string(),
      WagerType,
      Sport,
      Description: z.string(),
      Risk: Money,
      ToWin: Money,
      FreePlay: z.boolean(),
      Status: z.enum(WAGER_STATUSES),
      Result: BetResult,
      /** What the wager won (+) or lost (-) once graded; 0 while open. */
      Amount: Money,
      PlacedAt: Timestamp,
    }),
  ),
});
export type WatchedPlayer = z.infer<typeof WatchedPlayer>;

export const getWatchList = endpoint({
  method: 'POST',
  base: 'reports',
  path: 'AgentSiteFrames/GetWatchList',
  summary:
    "The watched players of the caller's subtree (or a sub-agent's): today, this week, open risk and latest wagers.",
  audience: 'agent',
  body: z.object({ idAgent: OptionalId }),
  response: z.object({
    Today: IsoDate,
    StartDate: IsoDate,
    EndDate: IsoDate,
    Rows: z.array(WatchedPlayer),
    /** Watched players in all, when more than the rows shown. */
    TotalRows: z.number().int(),
  }),
});
