// Beat the line: closing line value per leg and per player, and players ranked by CLV score.
import { z } from 'zod';
import { endpoint, optional, OptionalId } from '../core/endpoint.ts';
import { Sport } from '../core/enums.ts';
import { Money } from '../core/money.ts';
import { orderedDates, PeriodEcho, PeriodFields, PlayerRef } from '../core/common.ts';

export const BeatTheLinePlayer = PlayerRef.extend({
  Legs: z.number().int(),
  Beat: z.number().int(),
  /** Share of legs that beat the close, 0..1. */
  BeatRate: z.number(),
  /** Risk-weighted mean closing line value, in points (spreads and totals). */
  AvgClvPoints: z.number().nullable(),
  /** Risk-weighted mean closing line value, in cents of odds (money lines and equal lines). */
  AvgClvCents: z.number().nullable(),
  Risk: Money,
  /**
   * CLV score: the mean closing-line value, in cents, of the player's last Scoring.LastLegs graded
   * legs (points of spread or total at Scoring.CentsPerPoint); null without a graded leg.
   */
  Score: z.number().nullable(),
  /** Graded legs the score is the mean of. */
  ScoreLegs: z.number().int(),
  /** The wagers those legs belong to. */
  ScoreWagers: z.number().int(),
  /**
   * 1 for the best score; null below Scoring.MinLegs graded legs or Scoring.MinWagers wagers
   * (listed, not ranked).
   */
  Rank: z.number().int().nullable(),
  /**
   * Sharp by the player's standing CLV score (its latest graded legs whatever the period, as the
   * players list shows it): clvStanding's rule over player_clv. Score and Rank are this period's.
   */
  Sharp: z.boolean(),
});
export type BeatTheLinePlayer = z.infer<typeof BeatTheLinePlayer>;

export const BeatTheLineScoring = z.object({
  LastLegs: z.number().int(),
  MinLegs: z.number().int(),
  MinWagers: z.number().int(),
  SharpScore: z.number(),
  CentsPerPoint: z.number(),
});
export type BeatTheLineScoring = z.infer<typeof BeatTheLineScoring>;

/**
 * DOMAIN.md: a player's CLV score is the mean closing-line value of their last graded legs, and
 * only a sample large enough to mean something ranks; "sharp" is a score above a threshold with
 * enough legs from enough wagers, never one lucky multi-leg ticket. A leg's value is in cents of
 * price, the points of a spread or total beaten counted at CentsPerPoint.
 */
export const CLV_SCORING = {
  /** The score is the mean over at most this many of the player's latest graded legs. */
  LastLegs: 100,
  /** Fewer graded legs than this: the player is listed, not ranked. */
  MinLegs: 20,
  /** Legs from fewer wagers than this: not ranked either (a 20-leg parlay is one ticket). */
  MinWagers: 10,
  /** A ranked score at or above this (cents) is sharp. */
  SharpScore: 5,
  /** What a point of spread or total is worth in cents of price, the trade's rule (½ point ≈ 10¢). */
  CentsPerPoint: 20,
} as const satisfies BeatTheLineScoring;

/** Whether a CLV score over so many legs and wagers ranks, and whether it is sharp. */
export function clvStanding(score: number | null, legs: number, wagers: number) {
  const ranked = score !== null && legs >= CLV_SCORING.MinLegs && wagers >= CLV_SCORING.MinWagers;
  return { ranked, sharp: ranked && score >= CLV_SCORING.SharpScore };
}

export const BeatTheLineLeg = z.object({
  IdWager: z.number().int(),
  Ticket: z.string(),
  IdPlayer: z.number().int(),
  Player: z.string(),
  Sport,
  Event: z.string(),
  Market: z.string(),
  Selection: z.string(),
  LineTaken: z.number().nullable(),
  ClosingLine: z.number().nullable(),
  OddsTaken: z.number().int(),
  ClosingOdds: z.number().int().nullable(),
  ClvPoints: z.number().nullable(),
  ClvCents: z.number().nullable(),
  Beat: z.boolean(),
  Risk: Money,
});

export const getBeatTheLineFrame = endpoint({
  method: 'POST',
  base: 'reports',
  path: 'AgentSiteFrames/GetBeatTheLineFrame',
  summary:
    'Closing line value per leg and per player, weighted by risk, and players ranked by CLV score over enough graded legs; beaters only on request.',
  audience: 'agent',
  body: orderedDates(
    PeriodFields.extend({
      idPlayer: OptionalId,
      beatersOnly: optional(z.boolean()),
      sport: optional(Sport),
    }),
  ),
  response: PeriodEcho.extend({
    /** How players are scored and ranked (DOMAIN.md "Closing line value"). */
    Scoring: BeatTheLineScoring,
    /** Ranked players by CLV score, best first, then those with too few graded legs. */
    Players: z.array(BeatTheLinePlayer),
    /** Legs of one player, when idPlayer is given. */
    Legs: z.array(BeatTheLineLeg),
  }),
});
