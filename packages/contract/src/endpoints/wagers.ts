// Wager center, delete, beat the line and action by player (the wager issue builds them).
import { z } from 'zod';
import { endpoint, Id, OptionalId, QueryBool, Timestamp } from '../endpoint.ts';
import { BetResult, ChangeStatus, Sport, WagerType } from '../enums.ts';
import { Money } from '../money.ts';
import { IsoDate } from '../periods.ts';
import { PeriodEcho, PeriodFilter, PlayerRef } from './common.ts';

export const WagerFilter = z.object({
  idAgent: OptionalId,
  idPlayer: OptionalId,
  wagerType: WagerType.optional(),
  sport: Sport.optional(),
  idCurrency: OptionalId,
  betResult: BetResult.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(50),
  sort: z.enum(['placedAt', 'risk', 'toWin', 'result', 'player']).default('placedAt'),
  dir: z.enum(['asc', 'desc']).default('desc'),
});

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
  Amount: Money,
  FreePlay: z.boolean(),
  Deleted: z.boolean(),
  Legs: z.array(WagerLeg),
});

const WagerPage = z.object({
  Rows: z.array(Wager),
  Page: z.number().int(),
  PageSize: z.number().int(),
  TotalRows: z.number().int(),
  Totals: z.array(
    z.object({
      Currency: z.string(),
      Risk: Money,
      ToWin: Money,
      Amount: Money,
      Count: z.number().int(),
    }),
  ),
});

export const getOpenBetsReport = endpoint({
  method: 'GET',
  base: 'reports',
  path: 'AgentSiteFrames/GetOpenBetsReport',
  summary: 'Open action summarised by player and by sport.',
  audience: 'agent',
  query: WagerFilter,
  response: z.object({
    ByPlayer: z.array(PlayerRef.extend({ Count: z.number().int(), Risk: Money, ToWin: Money })),
    BySport: z.array(
      z.object({ Sport, Currency: z.string(), Count: z.number().int(), Risk: Money, ToWin: Money }),
    ),
  }),
});

export const getOpenBets = endpoint({
  method: 'GET',
  base: 'reports',
  path: 'AgentSiteFrames/GetOpenBets',
  summary: 'Open wagers, paged and sorted on the server, totals over the whole filtered set.',
  audience: 'agent',
  query: WagerFilter,
  response: WagerPage,
});

export const getGradedBetsReport = endpoint({
  method: 'GET',
  base: 'reports',
  path: 'AgentSiteFrames/GetGradedBetsReport',
  summary: 'Graded wagers of a period, paged, with totals over the whole filtered set.',
  audience: 'agent',
  query: WagerFilter.extend({ startDate: IsoDate, endDate: IsoDate }),
  response: WagerPage,
});

export const getChangedBetsReport = endpoint({
  method: 'GET',
  base: 'reports',
  path: 'AgentSiteFrames/GetChangedBetsReport',
  summary: 'Deleted, regraded and changed wagers with who, when, why, before and after.',
  audience: 'agent',
  query: z.object({
    startDate: IsoDate,
    endDate: IsoDate,
    idAgent: OptionalId,
    status: ChangeStatus.optional(),
  }),
  response: z.object({
    Rows: z.array(
      PlayerRef.extend({
        IdChange: z.number().int(),
        IdWager: z.number().int(),
        Ticket: z.string(),
        Status: ChangeStatus,
        ChangedAt: Timestamp,
        ChangedBy: z.string(),
        Reason: z.string(),
        Before: z.string(),
        After: z.string(),
        Amount: Money,
      }),
    ),
  }),
});

export const getWagerGameScore = endpoint({
  method: 'GET',
  base: 'reports',
  path: 'AgentSiteFrames/GetWagerGameScore',
  summary: 'The score of each event of a wager.',
  audience: 'agent',
  query: z.object({ idWager: Id }),
  response: z.object({
    IdWager: z.number().int(),
    Games: z.array(
      z.object({
        Event: z.string(),
        Home: z.string(),
        Away: z.string(),
        HomeScore: z.number().int().nullable(),
        AwayScore: z.number().int().nullable(),
        Status: z.string(),
      }),
    ),
  }),
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
  response: z.object({ IdWager: z.number().int(), Reversed: Money, BalanceAfter: Money }),
});

export const getBeatTheLineFrame = endpoint({
  method: 'POST',
  base: 'reports',
  path: 'AgentSiteFrames/GetBeatTheLineFrame',
  summary: 'Closing line value per leg and per player, weighted by risk; beaters only on request.',
  audience: 'agent',
  body: PeriodFilter.and(
    z.object({ beatersOnly: z.boolean().optional(), sport: Sport.optional() }),
  ),
  response: PeriodEcho.extend({
    Players: z.array(
      PlayerRef.extend({
        Legs: z.number().int(),
        Beat: z.number().int(),
        BeatRate: z.number(),
        AvgClv: z.number(),
        Risk: Money,
      }),
    ),
  }),
});

export const getActionByPlayer = endpoint({
  method: 'GET',
  base: 'reports',
  path: 'AgentSiteFrames/GetActionByPlayer',
  summary: 'Per player, volume and count by wager type, optionally converted into one currency.',
  audience: 'agent',
  query: z.object({
    idAgent: OptionalId,
    startDate: IsoDate,
    endDate: IsoDate,
    isCurrencyReport: QueryBool.optional(),
  }),
  response: PeriodEcho.extend({
    Currency: z.string().nullable(),
    Rates: z.array(z.object({ Currency: z.string(), Rate: z.string() })),
    Rows: z.array(
      PlayerRef.extend({
        ByType: z.record(z.string(), z.object({ Count: z.number().int(), Volume: Money })),
        Count: z.number().int(),
        Volume: Money,
      }),
    ),
  }),
});

export { PeriodFilter };
