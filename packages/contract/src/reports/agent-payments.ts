// Agent payments: settlements between agents and their masters, listed and entered.
import { z } from 'zod';
import { endpoint, Id, Timestamp } from '../core/endpoint.ts';
import { PaymentMethod } from '../core/enums.ts';
import { Money, PaymentAmount } from '../core/money.ts';
import { IsoDate } from '../core/periods.ts';
import {
  IdempotencyKey,
  PaymentNote,
  PaymentTotals,
  PeriodEcho,
  PeriodFilter,
} from '../core/common.ts';

export const AGENT_PAYMENT_DIRECTIONS = ['toMaster', 'fromMaster'] as const;

export const AgentPaymentRow = z.object({
  IdPayment: z.number().int(),
  CreatedAt: Timestamp,
  Date: IsoDate,
  IdAgent: z.number().int(),
  Agent: z.string(),
  IdMaster: z.number().int(),
  Master: z.string(),
  /** Positive: paid by the agent to its master; negative: paid by the master to the agent. */
  Amount: Money,
  Currency: z.string(),
  Method: PaymentMethod,
  Note: z.string(),
  EnteredBy: z.string(),
});
export type AgentPaymentRow = z.infer<typeof AgentPaymentRow>;

const AgentPaymentsResponse = PeriodEcho.extend({
  Rows: z.array(AgentPaymentRow),
  Totals: z.array(PaymentTotals('ToMaster', 'FromMaster')),
});
export type AgentPaymentsResponse = z.infer<typeof AgentPaymentsResponse>;

export const getAgentPayment = endpoint({
  method: 'POST',
  base: 'reports',
  path: 'AgentSiteFrames/GetAgentPayment',
  summary: 'Settlements between one agent (default: the caller) and its master for a period.',
  audience: 'agent',
  body: PeriodFilter,
  response: AgentPaymentsResponse,
});

export const getReportAgentPayment = endpoint({
  method: 'POST',
  base: 'reports',
  path: 'AgentSiteFrames/GetReportAgentPayment',
  summary: 'Settlements of every sub-agent under an agent (default: the caller) for a period.',
  audience: 'agent',
  body: PeriodFilter,
  response: AgentPaymentsResponse,
});

export const insertAgentPayment = endpoint({
  method: 'POST',
  base: 'reports',
  path: 'AgentSiteFrames/InsertAgentPayment',
  summary:
    'Records a settlement between a sub-agent of the caller and its master; the same key posts once.',
  audience: 'agent',
  right: 'managePayments',
  body: z.object({
    idAgent: Id,
    amount: PaymentAmount,
    direction: z.enum(AGENT_PAYMENT_DIRECTIONS, { error: 'must be toMaster or fromMaster' }),
    method: PaymentMethod,
    note: PaymentNote,
    idempotencyKey: IdempotencyKey,
  }),
  response: z.object({ Payment: AgentPaymentRow, Replayed: z.boolean() }),
});
