// Hold: what the book kept of what was staked (DOMAIN.md "Exposure and hold"), over a period, by
// sport, league, agent or player, with a series by week for the chart.
import { z } from 'zod';
import { defaulted, endpoint, optional } from '../core/endpoint.ts';
import { oneOf, Sport } from '../core/enums.ts';
import { Money } from '../core/money.ts';
import { IsoDate } from '../core/periods.ts';
import { Conversion, Count, orderedDates, PeriodEcho, PeriodFields } from '../core/common.ts';

export const HOLD_GROUPS = ['sport', 'league', 'agent', 'player'] as const;
export const HoldGroup = oneOf(HOLD_GROUPS);
export type HoldGroup = z.infer<typeof HoldGroup>;

/**
 * Rows a report by player answers with at most: the players with the largest handle (a master's
 * book holds 100,000); its totals still count every player.
 */
export const HOLD_MAX_ROWS = 500;

/** Weeks a chart shows when the period lies inside one week: that week and the ones before it. */
export const HOLD_CHART_WEEKS = 8;

/** Handle, the book's net and its hold: one row, the totals, or one week. */
const HoldFigures = {
  /** Graded wagers (a voided one counts nowhere). */
  Wagers: Count,
  /** The risk of those wagers. */
  Handle: Money,
  /** The book's win: the players' net loss on them (negative when the players won). */
  Net: Money,
  /** Net ÷ Handle × 100, to two decimals; null without handle. */
  HoldPct: z.number().nullable(),
};

export const HoldRow = z.object({
  /** What the row is grouped by: a sport, "sport|league", an agent's or a player's id. */
  Key: z.string(),
  /** The sport, league, agent's or player's login. */
  Label: z.string(),
  /** The sport of a sport's or league's row. */
  Sport: Sport.nullable(),
  /** By agent: the sub-agent (with its subtree), or the agent itself for its own players' line. */
  IdAgent: z.number().int().nullable(),
  /** By agent: the agent's own players rather than a sub-agent's subtree. */
  Own: z.boolean(),
  /** By player: the player, with its name and agent in Detail. */
  IdPlayer: z.number().int().nullable(),
  /** A player's name and agent, an agent's name; '' otherwise. */
  Detail: z.string(),
  ...HoldFigures,
});
export type HoldRow = z.infer<typeof HoldRow>;

export const HoldWeek = z.object({
  /** The Monday the week starts on (site's zone). */
  Week: IsoDate,
  ...HoldFigures,
});
export type HoldWeek = z.infer<typeof HoldWeek>;

export const HoldResponse = PeriodEcho.extend({
  /** Every amount is in this currency (the site's), converted once per cell. */
  Currency: z.string(),
  GroupBy: HoldGroup,
  /** Largest handle first; by player the HOLD_MAX_ROWS largest only. */
  Rows: z.array(HoldRow),
  /** How many rows there are in all: more than Rows holds only by player, past HOLD_MAX_ROWS. */
  TotalRows: Count,
  /**
   * The sums of every row (those past HOLD_MAX_ROWS too), and the hold of those sums (not the mean
   * of the rows' holds).
   */
  Totals: z.object(HoldFigures),
  /**
   * Each week the period touches, counted over the period's days only: they add up to the totals.
   * A period inside one week shows HOLD_CHART_WEEKS whole weeks up to its end instead (context for
   * a day's or a week's figure).
   */
  Weeks: z.array(HoldWeek),
  Conversion,
});
export type HoldResponse = z.infer<typeof HoldResponse>;

export const HoldFilters = orderedDates(
  PeriodFields.extend({
    groupBy: defaulted(HoldGroup, 'sport'),
    sport: optional(Sport),
  }),
);

export const getHold = endpoint({
  method: 'POST',
  base: 'reports',
  path: 'AgentSiteFrames/GetHold',
  summary:
    "Hold % over a period (the players' net loss ÷ the risk of graded wagers) by sport, league, agent or player, with totals and a series by week; in the site's currency.",
  audience: 'agent',
  right: 'viewReports',
  body: HoldFilters,
  response: HoldResponse,
});
