// Position (issue 19 item 2, DOMAIN.md "Exposure and hold", decision 034): the open book of an
// agent's subtree per game not yet final, per market and side: what is at risk on each side and
// what the book makes or loses if that side wins. Read from the open-exposure rollup that place,
// grade, void and move keep in their own transaction. Every amount is in minor units of the site's
// currency (other currencies converted at the site's rates, once per figure and currency).
import { z } from 'zod';
import { endpoint, optional, OptionalId, Timestamp } from '../core/endpoint.ts';
import { Sport } from '../core/enums.ts';
import { Money } from '../core/money.ts';
import { Conversion } from '../core/common.ts';

/** The most games one answer lists, worst exposure first; the totals still cover every game. */
export const MAX_POSITION_GAMES = 100;

export const POSITION_MARKETS = ['spread', 'total', 'moneyline', 'prop', 'future'] as const;
export const PositionMarket = z.enum(POSITION_MARKETS);
export type PositionMarket = z.infer<typeof PositionMarket>;

/** Games the screen covers: not yet final, nor cancelled. */
export const POSITION_GAME_STATUSES = ['scheduled', 'live'] as const;
export const PositionGameStatus = z.enum(POSITION_GAME_STATUSES);
export type PositionGameStatus = z.infer<typeof PositionGameStatus>;

/**
 * The sides a leg can be on, as decision 034 names them; any other side is a selection of its own
 * (a future's pick, a one-sided prop), as the platform wrote it.
 */
export const NAMED_SIDES = ['home', 'away', 'draw', 'over', 'under', 'yes', 'no'] as const;
export type NamedSide = (typeof NAMED_SIDES)[number];

export const PositionSide = z.object({
  /** home, away, draw, over, under, yes, no, or the selection itself, as written. */
  Side: z.string(),
  /** For people: the team's name for home and away, else the side as the screen words it. */
  Label: z.string(),
  /** Legs of open wagers on the side, straights and multi-leg wagers alike. */
  Wagers: z.number().int(),
  /** Their risk (the side's handle). */
  Risk: Money,
  ToWin: Money,
  /** The part of Wagers, Risk and ToWin from multi-leg wagers (parlays, teasers, if-bets, ...). */
  MultiWagers: z.number().int(),
  MultiRisk: Money,
  MultiToWin: Money,
  /**
   * The book's result if this side wins: −(to-win on this side) + Σ over the market's other sides
   * of (risk − free-play risk): a free-play stake lost is no money to the book. Multi-leg wagers
   * count on every open leg with their full risk and to-win (DOMAIN.md's conservative rule).
   */
  BookIfWins: Money,
});
export type PositionSide = z.infer<typeof PositionSide>;

export const PositionMarketRow = z.object({
  Market: PositionMarket,
  /** A prop's proposition ("Smith passing yards"); '' for every other market. */
  Prop: z.string(),
  Wagers: z.number().int(),
  Risk: Money,
  /** The worst BookIfWins over the market's sides. */
  Exposure: Money,
  Sides: z.array(PositionSide),
});
export type PositionMarketRow = z.infer<typeof PositionMarketRow>;

export const PositionGame = z.object({
  IdEvent: z.number().int(),
  Sport,
  League: z.string(),
  Home: z.string(),
  Away: z.string(),
  StartsAt: Timestamp,
  Status: PositionGameStatus,
  /** Legs of open wagers on the game (a multi-leg wager once per leg it has here). */
  Wagers: z.number().int(),
  /** Their risk. */
  Handle: Money,
  /** The worst book result over every side of every market of the game (negative: a loss). */
  Exposure: Money,
  /** Spread, total, money line, props (by proposition), futures. */
  Markets: z.array(PositionMarketRow),
});
export type PositionGame = z.infer<typeof PositionGame>;

export const PositionTotals = z.object({
  /** Every game with open action under the filters, listed or not. */
  Games: z.number().int(),
  Wagers: z.number().int(),
  Handle: Money,
  /** The sum of each game's worst result: what the book loses if every game goes against it. */
  Exposure: Money,
});
export type PositionTotals = z.infer<typeof PositionTotals>;

export const PositionRequest = z.object({
  /** Whose book: the caller or an agent of its subtree (the caller when left out). */
  idAgent: OptionalId,
  sport: optional(Sport),
  league: optional(
    z
      .string({ error: 'must be a league name' })
      .trim()
      .min(1, 'must be a league name')
      .max(100, 'must be at most 100 characters'),
  ),
});
export type PositionRequest = z.input<typeof PositionRequest>;

export const PositionResponse = z.object({
  IdAgent: z.number().int(),
  Agent: z.string(),
  /** The site's currency, every amount's. */
  Currency: z.string(),
  /** The rates applied, when some open wagers are in other currencies. */
  Converted: Conversion,
  /** Worst exposure first (most negative), at most MAX_POSITION_GAMES of them. */
  Games: z.array(PositionGame),
  /** True when there were more games than listed (Totals.Games says how many). */
  Capped: z.boolean(),
  Totals: PositionTotals,
  /** The leagues with open action under the agent and sport, for the league filter. */
  Leagues: z.array(z.string()),
});
export type PositionResponse = z.infer<typeof PositionResponse>;

export const getPosition = endpoint({
  method: 'POST',
  base: 'reports',
  path: 'AgentSiteFrames/GetPosition',
  summary:
    'The open book of a subtree per game not yet final, market and side: handle, risk and to-win ' +
    '(multi-leg wagers apart, counted on every leg) and the book’s result if each side wins; worst ' +
    `exposure first, at most ${MAX_POSITION_GAMES} games, totals over all of them.`,
  audience: 'agent',
  right: 'viewReports',
  body: PositionRequest,
  response: PositionResponse,
});
