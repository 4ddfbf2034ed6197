// A player's analysis (issue 17): what the player bets and what it has come to, for the player's
// whole life, this year and this month, with the CLV score of beat the line and the last weeks.
import { z } from 'zod';
import { endpoint, Id } from '../core/endpoint.ts';
import { Count } from '../core/common.ts';
import { Money } from '../core/money.ts';
import { IsoDate } from '../core/periods.ts';
import { BeatTheLineScoring } from '../reports/beat-the-line.ts';

/** Weeks the analysis goes back, this week included. */
export const PLAYER_ANALYSIS_WEEKS = 12;

export const ANALYSIS_PERIODS = ['lifetime', 'year', 'month'] as const;
export type AnalysisPeriod = (typeof ANALYSIS_PERIODS)[number];

/**
 * Figures of graded wagers over some days (site's days). Handle and count are of the wagers whose
 * grade in force fell in them (deleted wagers left out, free-play ones in); Net is what the wagers
 * posted there (type 2), the weekly balance's figure, so a regrade counts on its own day.
 */
export const AnalysisFigures = z.object({
  /** Risk of the graded wagers. */
  Handle: Money,
  /** The player's result from its wagers: positive, the player is up (DOMAIN.md). */
  Net: Money,
  /** The players' net loss ÷ handle (DOMAIN.md "Exposure and hold"), as a ratio; null without handle. */
  Hold: z.number().nullable(),
  /** Wagers graded. */
  Wagers: Count,
});
export type AnalysisFigures = z.infer<typeof AnalysisFigures>;

/** The CLV score as beat the line gives it for the same player and days (wagers placed in them). */
export const AnalysisClv = z.object({
  /** Mean closing-line value, in cents, of the latest Scoring.LastLegs graded legs; null without one. */
  Score: z.number().nullable(),
  /** Graded legs the score is the mean of. */
  Legs: Count,
  /** At least Scoring.MinLegs legs: the score means something (beat the line ranks it). */
  Enough: z.boolean(),
  /** Enough legs and a score at or above Scoring.SharpScore. */
  Sharp: z.boolean(),
});
export type AnalysisClv = z.infer<typeof AnalysisClv>;

export const PlayerAnalysisPeriod = AnalysisFigures.extend({
  Period: z.enum(ANALYSIS_PERIODS),
  /** Null for the lifetime: from the first wager. */
  StartDate: IsoDate.nullable(),
  EndDate: IsoDate,
  Clv: AnalysisClv,
});
export type PlayerAnalysisPeriod = z.infer<typeof PlayerAnalysisPeriod>;

export const PlayerAnalysisWeek = AnalysisFigures.extend({
  /** Monday of the week. */
  WeekStart: IsoDate,
});
export type PlayerAnalysisWeek = z.infer<typeof PlayerAnalysisWeek>;

export const PlayerAnalysis = z.object({
  IdPlayer: z.number().int(),
  Currency: z.string(),
  /** The site's today, which the periods and weeks are cut from. */
  Today: IsoDate,
  Scoring: BeatTheLineScoring,
  /** Lifetime, this year, this month, in that order. */
  Periods: z.array(PlayerAnalysisPeriod),
  /** The last PLAYER_ANALYSIS_WEEKS weeks, oldest first, this week last. */
  Weeks: z.array(PlayerAnalysisWeek),
});
export type PlayerAnalysis = z.infer<typeof PlayerAnalysis>;

export const getPlayerAnalysis = endpoint({
  method: 'POST',
  base: 'reports',
  path: 'AgentSiteFrames/GetPlayerAnalysis',
  summary:
    "A player's handle, net, hold, wagers graded and CLV score for its lifetime, this year and this month, and per week for the last weeks.",
  audience: 'agent',
  body: z.object({ idPlayer: Id }),
  response: PlayerAnalysis,
});
