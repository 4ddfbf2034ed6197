// Player standing: per player now, credit limit, balance, at risk, available, the weeks, by product.
import { z } from 'zod';
import { endpoint, optional, OptionalId } from '../core/endpoint.ts';
import { Money } from '../core/money.ts';
import { Conversion, Count, PeriodEcho, PlayerRef } from '../core/common.ts';

export const StandingFigures = {
  CreditLimit: Money,
  Balance: Money,
  AtRisk: Money,
  /** Credit limit + temporary credit in force + balance - at risk. */
  Available: Money,
  FreePlayBalance: Money,
  ThisWeek: Money,
  LastWeek: Money,
  /** This week's win/loss by product. */
  Sports: Money,
  Casino: Money,
  Horses: Money,
};

/** The figures' names in column order: what a report converts into one currency and totals. */
export const STANDING_FIGURES = Object.keys(StandingFigures) as (keyof typeof StandingFigures)[];

export const PlayerStandingRow = PlayerRef.extend({ ...StandingFigures, Active: z.boolean() });
export type PlayerStandingRow = z.infer<typeof PlayerStandingRow>;
export const PlayerStandingTotals = z.object({
  Currency: z.string(),
  Players: Count,
  ...StandingFigures,
});

export const PlayerStandingRequest = z.object({
  idAgent: OptionalId,
  search: optional(z.string().trim().max(64, 'is at most 64 characters')),
  activeOnly: optional(z.boolean()),
  isCurrencyReport: optional(z.boolean()),
});

export const PlayerStandingResponse = PeriodEcho.extend({
  Rows: z.array(PlayerStandingRow),
  Totals: z.array(PlayerStandingTotals),
  Conversion,
});
export type PlayerStandingResponse = z.infer<typeof PlayerStandingResponse>;

export const playerStanding = endpoint({
  method: 'POST',
  base: 'reports',
  path: 'AgentSiteFrames/PlayerStanding',
  summary:
    'Per player now: credit limit, balance, at risk, available, this and last week, by product.',
  audience: 'agent',
  body: PlayerStandingRequest,
  response: PlayerStandingResponse,
});
