// Weekly balance: one row per player for a Monday-to-Sunday week, and a player's day in it.
import { z } from 'zod';
import { defaulted, endpoint, Id, optional, OptionalId, WholeNumber } from '../core/endpoint.ts';
import { LedgerType, oneOf } from '../core/enums.ts';
import { Money } from '../core/money.ts';
import { IsoDate, ReportDate } from '../core/periods.ts';
import { LedgerLineDescription } from '../core/ledger-description.ts';
import {
  Conversion,
  PageNumber,
  PeriodEcho,
  PeriodValue,
  PlayerRef,
  sortDir,
} from '../core/common.ts';

export const WeeklyBalanceRequest = z.object({
  idAgent: OptionalId,
  /**
   * thisWeek, lastWeek, twoweeksAgo or threeweeksAgo; or any day of the wanted week in startDate.
   * Neither: this week, or last week on a Monday in the site's zone (the week agents settle).
   */
  period: optional(PeriodValue),
  startDate: optional(ReportDate),
});
export type WeeklyBalanceRequest = z.input<typeof WeeklyBalanceRequest>;

/** A week's days, Monday first: the weekly balance's day columns. */
export const WEEK_DAY_KEYS = ['day0', 'day1', 'day2', 'day3', 'day4', 'day5', 'day6'] as const;

export const WEEKLY_BALANCE_SORTS = [
  'player',
  'carry',
  ...WEEK_DAY_KEYS,
  'week',
  'payments',
  'adjustments',
  'ending',
] as const;
export type WeeklyBalanceSort = (typeof WEEKLY_BALANCE_SORTS)[number];

/** The weekly balance, optionally searched and paged on the server (a whole book is 100,000 rows). */
export const WeeklyBalancePageRequest = WeeklyBalanceRequest.extend({
  /** Part of a player's login or name. */
  search: optional(z.string().trim().max(100, 'must be at most 100 characters')),
  sort: defaulted(oneOf(WEEKLY_BALANCE_SORTS), 'player'),
  dir: sortDir('asc'),
  page: PageNumber,
  /** Rows per page; without it every row of the week comes at once. */
  pageSize: optional(WholeNumber('must be a number', 1, 1000)),
});
export type WeeklyBalancePageRequest = z.input<typeof WeeklyBalancePageRequest>;

const Figures = {
  Carry: Money,
  /** Win/loss of Monday..Sunday: wagers, casino, horses and rbl (types 2, 5, 6, 7). */
  Days: z.array(Money).length(7),
  WeekTotal: Money,
  Payments: Money,
  Adjustments: Money,
  Ending: Money,
};

export const WeeklyBalanceRow = PlayerRef.extend(Figures);
export type WeeklyBalanceRow = z.infer<typeof WeeklyBalanceRow>;

export const WeeklyBalanceTotals = z.object({
  Currency: z.string(),
  Players: z.number().int(),
  ...Figures,
});
export type WeeklyBalanceTotals = z.infer<typeof WeeklyBalanceTotals>;

export const WeeklyBalanceResponse = PeriodEcho.extend({
  IdAgent: z.number().int(),
  Agent: z.string(),
  Rows: z.array(WeeklyBalanceRow),
  /** Rows matching the search over all pages. */
  TotalRows: z.number().int(),
  Page: z.number().int(),
  /** Null when every row came at once. */
  PageSize: z.number().int().nullable(),
  /** One totals row per currency over the whole week's rows (all pages, before any search). */
  Totals: z.array(WeeklyBalanceTotals),
  /**
   * Set when the rows are sorted by a money column across currencies: ranked by their figures
   * converted into this currency at these rates (each row still shows its own currency).
   */
  RankedIn: Conversion,
});
export type WeeklyBalanceResponse = z.infer<typeof WeeklyBalanceResponse>;

export const weeklyBalance = endpoint({
  method: 'POST',
  base: 'reports',
  path: 'AgentSiteFrames/WeeklyBalance',
  summary:
    'One row per player of the agent\u2019s subtree for a Monday-to-Sunday week, with totals.',
  audience: 'agent',
  body: WeeklyBalancePageRequest,
  response: WeeklyBalanceResponse,
});

export const DailyTransactionsRequest = z.object({ idPlayer: Id, date: ReportDate });

export const DailyTransaction = z.object({
  IdTransaction: z.number().int(),
  CreatedAt: z.string(),
  Type: LedgerType,
  Description: z.string(),
  ...LedgerLineDescription,
  Amount: Money,
  BalanceAfter: Money,
  IdWager: z.number().int().nullable(),
});
export type DailyTransaction = z.infer<typeof DailyTransaction>;

export const DailyTransactionsResponse = z.object({
  Player: PlayerRef,
  Date: IsoDate,
  Transactions: z.array(DailyTransaction),
  /** Win/loss of the day (types 2, 5, 6, 7), equal to the day's figure in the weekly balance. */
  DayTotal: Money,
});
export type DailyTransactionsResponse = z.infer<typeof DailyTransactionsResponse>;

export const getWeeklyBalancePlayerDailyTransactions = endpoint({
  method: 'POST',
  base: 'reports',
  path: 'AgentSiteFrames/GetWeeklyBalancePlayerDailyTransactions',
  summary: 'A player\u2019s ledger entries of one day in the site\u2019s time zone.',
  audience: 'agent',
  body: DailyTransactionsRequest,
  response: DailyTransactionsResponse,
});
