// New weekly balance: the weekly balance grouped by agent of the subtree and split by product.
import { z } from 'zod';
import { endpoint, optional } from '../core/endpoint.ts';
import { Money } from '../core/money.ts';
import { Conversion, PeriodEcho } from '../core/common.ts';
import { WeeklyBalanceRequest, WeeklyBalanceRow, WeeklyBalanceTotals } from './weekly-balance.ts';

export const NewWeeklyBalanceRequest = WeeklyBalanceRequest.extend({
  activeOnly: optional(z.boolean()),
  withBalanceOnly: optional(z.boolean()),
  isCurrencyReport: optional(z.boolean()),
});
export type NewWeeklyBalanceRequest = z.input<typeof NewWeeklyBalanceRequest>;

export const ProductSplit = z.object({ Sports: Money, Casino: Money, Horses: Money, Rbl: Money });

export const NewWeeklyBalancePlayer = WeeklyBalanceRow.extend({
  Active: z.boolean(),
  Products: ProductSplit,
});
export type NewWeeklyBalancePlayer = z.infer<typeof NewWeeklyBalancePlayer>;
export const NewWeeklyBalanceTotals = WeeklyBalanceTotals.extend({ Products: ProductSplit });
export type NewWeeklyBalanceTotals = z.infer<typeof NewWeeklyBalanceTotals>;

/**
 * One agent of the subtree with its own players; its totals are the sums of those players, its
 * subtree totals the sums of every player of the report at or below it (own and sub-agents').
 * An agent without players of its own is listed when agents below it have some.
 */
export const NewWeeklyBalanceBlock = z.object({
  IdAgent: z.number().int(),
  Agent: z.string(),
  Name: z.string(),
  IdParent: z.number().int().nullable(),
  Depth: z.number().int(),
  Players: z.array(NewWeeklyBalancePlayer),
  Totals: z.array(NewWeeklyBalanceTotals),
  SubtreeTotals: z.array(NewWeeklyBalanceTotals),
});
export type NewWeeklyBalanceBlock = z.infer<typeof NewWeeklyBalanceBlock>;

export const NewWeeklyBalanceResponse = PeriodEcho.extend({
  IdAgent: z.number().int(),
  Agent: z.string(),
  Blocks: z.array(NewWeeklyBalanceBlock),
  Totals: z.array(NewWeeklyBalanceTotals),
  Conversion,
});
export type NewWeeklyBalanceResponse = z.infer<typeof NewWeeklyBalanceResponse>;

export const newWeeklyBalance = endpoint({
  method: 'POST',
  base: 'reports',
  path: 'AgentSiteFrames/NewWeeklyBalance',
  summary: 'The weekly balance grouped by agent of the subtree and split by product.',
  audience: 'agent',
  body: NewWeeklyBalanceRequest,
  response: NewWeeklyBalanceResponse,
});
