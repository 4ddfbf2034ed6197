// Cash flow: money in and out per day of a period, by agent.
import { z } from 'zod';
import { endpoint, optional } from '../core/endpoint.ts';
import { Money } from '../core/money.ts';
import { IsoDate } from '../core/periods.ts';
import { Conversion, orderedDates, PeriodEcho, PeriodFields } from '../core/common.ts';

export const CashFlowRow = z.object({
  Date: IsoDate,
  IdAgent: z.number().int(),
  Agent: z.string(),
  Currency: z.string(),
  /** Received from players. */
  In: Money,
  /** Paid out to players (a positive figure). */
  Out: Money,
  /**
   * Agent settlements (agent payments) of the day: received minus paid, by this agent with its
   * master or its sub-agents.
   */
  Settlements: Money,
  /** In - Out + Settlements. */
  Net: Money,
});
export type CashFlowRow = z.infer<typeof CashFlowRow>;

const CashFlowSums = { In: Money, Out: Money, Settlements: Money, Net: Money };

export const CashFlowResponse = PeriodEcho.extend({
  Rows: z.array(CashFlowRow),
  Days: z.array(z.object({ Date: IsoDate, Currency: z.string(), ...CashFlowSums })),
  Totals: z.array(z.object({ Currency: z.string(), ...CashFlowSums })),
  Conversion,
});
export type CashFlowResponse = z.infer<typeof CashFlowResponse>;

export const cashFlowReport = endpoint({
  method: 'POST',
  base: 'reports',
  path: 'AgentSiteFrames/CashFlowReport',
  summary:
    'Money in and out per day of a period, by agent, with totals: player payments and agent settlements.',
  audience: 'agent',
  body: orderedDates(PeriodFields.extend({ isCurrencyReport: optional(z.boolean()) })),
  response: CashFlowResponse,
});
