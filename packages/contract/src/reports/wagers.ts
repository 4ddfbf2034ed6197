// Wagers: the wager center's lists (open, graded, changed) and a wager found and deleted by ticket.
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
import { BetResult, ChangeStatus, oneOf, Sport, WagerType } from '../core/enums.ts';
import { Money } from '../core/money.ts';
import { ReportDate } from '../core/periods.ts';
import {
  Conversion,
  orderedDates,
  PageEcho,
  PageNumber,
  PeriodEcho,
  PlayerRef,
  RankedIn,
  sortDir,
} from '../core/common.ts';

export const WAGER_SORTS = [
  'placedAt',
  'gradedAt',
  'risk',
  'toWin',
  'amount',
  'result',
  'player',
] as const;
export type WagerSort = (typeof WAGER_SORTS)[number];

const sortedBy = (column: WagerSort) => defaulted(oneOf(WAGER_SORTS), column);

export const WagerFilter = z.object({
  idAgent: OptionalId,
  idPlayer: OptionalId,
  wagerType: optional(WagerType),
  sport: optional(Sport),
  idCurrency: OptionalId,
  betResult: optional(BetResult),
  page: PageNumber,
  pageSize: defaulted(WholeNumber('must be a number', 1, 500), 50),
  sort: sortedBy('placedAt'),
  dir: sortDir('desc'),
});
export type WagerFilter = z.input<typeof WagerFilter>;

/** The open lists' filter: also by game, the open wagers with a leg on it (position's drill-down). */
export const OpenWagerFilter = WagerFilter.extend({ idEvent: OptionalId });
export type OpenWagerFilter = z.input<typeof OpenWagerFilter>;

export const GradedWagerFilter = orderedDates(
  WagerFilter.extend({
    startDate: ReportDate,
    endDate: ReportDate,
    // The latest graded first, as the screen lists them (and a page walks them in that order).
    sort: sortedBy('gradedAt'),
  }),
);

export const WagerLeg = z.object({
  IdLeg: z.number().int(),
  Sport: Sport,
  Event: z.string(),
  StartsAt: Timestamp,
  Market: z.enum(['spread', 'total', 'moneyline', 'prop', 'future']),
  Selection: z.string(),
  LineTaken: z.number().nullable(),
  OddsTaken: z.number().int(),
  ClosingLine: z.number().nullable(),
  ClosingOdds: z.number().int().nullable(),
  Result: BetResult,
});
export type WagerLeg = z.infer<typeof WagerLeg>;

export const Wager = PlayerRef.extend({
  IdWager: z.number().int(),
  Ticket: z.string(),
  PlacedAt: Timestamp,
  GradedAt: Timestamp.nullable(),
  WagerType,
  Sport: Sport,
  Description: z.string(),
  Risk: Money,
  ToWin: Money,
  Result: BetResult,
  /** Open: 0. Graded: what the wager's grading entries posted in the report's period. */
  Amount: Money,
  FreePlay: z.boolean(),
  Deleted: z.boolean(),
  Legs: z.array(WagerLeg),
  /**
   * On the open list: the player's CLV score is sharp (CLV_SCORING: enough legs from enough
   * wagers, a score at or above SharpScore). Left out by the other lists.
   */
  Sharp: z.boolean().optional(),
});
export type Wager = z.infer<typeof Wager>;

const WagerTotals = z.object({
  Currency: z.string(),
  Count: z.number().int(),
  Risk: Money,
  ToWin: Money,
  Amount: Money,
});

export const WagerPage = z.object({
  Rows: z.array(Wager),
  ...PageEcho,
  /** Over the whole filtered set, not the page. */
  Totals: z.array(WagerTotals),
  RankedIn,
});
export type WagerPage = z.infer<typeof WagerPage>;

export const OpenBetsSummary = z.object({
  ByPlayer: z.array(PlayerRef.extend({ Count: z.number().int(), Risk: Money, ToWin: Money })),
  BySport: z.array(
    z.object({ Sport, Currency: z.string(), Count: z.number().int(), Risk: Money, ToWin: Money }),
  ),
  Totals: z.array(WagerTotals),
  /** Set when players or sports in several currencies were ranked by risk converted at these rates. */
  RankedIn: Conversion,
});
export type OpenBetsSummary = z.infer<typeof OpenBetsSummary>;

export const getOpenBetsReport = endpoint({
  method: 'GET',
  base: 'reports',
  path: 'AgentSiteFrames/GetOpenBetsReport',
  summary: 'Open action summarised by player and by sport.',
  audience: 'agent',
  query: OpenWagerFilter,
  response: OpenBetsSummary,
});

export const getOpenBets = endpoint({
  method: 'GET',
  base: 'reports',
  path: 'AgentSiteFrames/GetOpenBets',
  summary:
    'Open wagers, paged and sorted on the server, totals over the whole filtered set; by game on ' +
    'request (a leg on it), each row saying whether its player is sharp.',
  audience: 'agent',
  query: OpenWagerFilter,
  response: WagerPage,
});

export const getGradedBetsReport = endpoint({
  method: 'GET',
  base: 'reports',
  path: 'AgentSiteFrames/GetGradedBetsReport',
  summary:
    'Wagers whose grading posted in a period (grades, regrades, voids of graded wagers), paged, with totals.',
  audience: 'agent',
  query: GradedWagerFilter,
  response: WagerPage,
});

export const WagerSnapshot = z.object({
  Status: z.string(),
  Result: z.string(),
  Amount: Money,
  Risk: Money,
  ToWin: Money,
});

export const ChangedBet = PlayerRef.extend({
  IdChange: z.number().int(),
  IdWager: z.number().int(),
  Ticket: z.string(),
  Status: ChangeStatus,
  ChangedAt: Timestamp,
  ChangedBy: z.string(),
  Reason: z.string(),
  Before: WagerSnapshot,
  After: WagerSnapshot,
  /** What the change moved on the player's balance. */
  Amount: Money,
});
export type ChangedBet = z.infer<typeof ChangedBet>;

export const getChangedBetsReport = endpoint({
  method: 'GET',
  base: 'reports',
  path: 'AgentSiteFrames/GetChangedBetsReport',
  summary: 'Deleted, regraded and changed wagers with who, when, why, before and after.',
  audience: 'agent',
  query: orderedDates(
    z.object({
      startDate: ReportDate,
      endDate: ReportDate,
      idAgent: OptionalId,
      status: optional(ChangeStatus),
    }),
  ),
  response: PeriodEcho.extend({ Rows: z.array(ChangedBet) }),
});

export const GameScore = z.object({
  Event: z.string(),
  Sport,
  StartsAt: Timestamp,
  Home: z.string(),
  Away: z.string(),
  HomeScore: z.number().int().nullable(),
  AwayScore: z.number().int().nullable(),
  Status: z.string(),
});

export const getWagerGameScore = endpoint({
  method: 'GET',
  base: 'reports',
  path: 'AgentSiteFrames/GetWagerGameScore',
  summary: 'The wager with its legs and the score of each of its events.',
  audience: 'agent',
  query: z.object({ idWager: Id }),
  response: z.object({ Wager, Games: z.array(GameScore) }),
});

/** A ticket as shown on every list ("W000008092"); the letter's case and leading zeros are forgiven. */
export const TicketNumber = z
  .string()
  .trim()
  .regex(/^[Ww]\d{1,18}$/, 'must be a ticket number such as W000008092')
  .transform((t) => t.toUpperCase());

export const findWagerByTicket = endpoint({
  method: 'GET',
  base: 'reports',
  path: 'AgentSiteFrames/FindWagerByTicket',
  summary:
    'The wager of a ticket number, open, graded or deleted, of any date, in the subtree; a ' +
    'ticket of another tree answers 404 exactly as one that does not exist.',
  audience: 'agent',
  right: 'deleteWagers',
  query: z.object({ ticketNumber: TicketNumber }),
  response: z.object({ Wager }),
});

export const wagerDelete = endpoint({
  method: 'POST',
  base: 'reports',
  path: 'AgentSiteFrames/WagerDelete',
  summary: 'Voids a wager of the subtree with a reason: reversing entry, change record, audit row.',
  audience: 'agent',
  right: 'deleteWagers',
  body: z.object({
    idWager: Id,
    reason: z.string().trim().min(3, 'is required (at least 3 characters)').max(500),
  }),
  response: z.object({
    IdWager: z.number().int(),
    Ticket: z.string(),
    Reversed: Money,
    BalanceAfter: Money,
  }),
});
