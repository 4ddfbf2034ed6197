// Player standing, history, payments, cash flow and currencies.
import { z } from 'zod';
import { defaulted, endpoint, Id, optional, OptionalId, Timestamp } from '../endpoint.ts';
import { LedgerType, PaymentMethod, TransactionTypeFilter } from '../enums.ts';
import { Money, PaymentAmount } from '../money.ts';
import { IsoDate } from '../periods.ts';
import { LedgerLineDescription } from '../ledger-description.ts';
import {
  Conversion,
  orderedDates,
  PeriodEcho,
  PeriodFields,
  PeriodFilter,
  PlayerRef,
} from './common.ts';

const Count = z.number().int();

export const StandingFigures = {
  CreditLimit: Money,
  Balance: Money,
  AtRisk: Money,
  /** Credit limit + balance - at risk. */
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

export const PlayerHistoryRow = z.object({
  IdTransaction: z.number().int(),
  CreatedAt: Timestamp,
  Date: IsoDate,
  Type: LedgerType,
  Description: z.string(),
  ...LedgerLineDescription,
  Amount: Money,
  /** The player's real balance after the entry: the running balance. */
  BalanceAfter: Money,
  FreePlayAfter: Money,
  IdWager: z.number().int().nullable(),
  CreatedBy: z.string(),
});
export type PlayerHistoryRow = z.infer<typeof PlayerHistoryRow>;

export const PlayerHistoryRequest = orderedDates(
  PeriodFields.extend({ idPlayer: Id, transactionType: optional(TransactionTypeFilter) }),
);

export const PlayerHistoryResponse = PeriodEcho.extend({
  Player: PlayerRef,
  OpeningBalance: Money,
  ClosingBalance: Money,
  Rows: z.array(PlayerHistoryRow),
  /** Sum of the listed rows' amounts, by type. */
  Totals: z.array(z.object({ Type: LedgerType, Count, Amount: Money })),
});
export type PlayerHistoryResponse = z.infer<typeof PlayerHistoryResponse>;

export const getPlayerHistoryReport = endpoint({
  method: 'POST',
  base: 'reports',
  path: 'AgentSiteFrames/GetPlayerHistoryReport',
  summary:
    'A player\u2019s ledger for a period, filtered by transaction type, with running balance.',
  audience: 'agent',
  body: PlayerHistoryRequest,
  response: PlayerHistoryResponse,
});

export const PlayerPaymentRow = PlayerRef.extend({
  IdPayment: z.number().int(),
  CreatedAt: Timestamp,
  Date: IsoDate,
  /** Positive: received from the player; negative: paid out to the player. */
  Amount: Money,
  Method: PaymentMethod,
  Note: z.string(),
  EnteredBy: z.string(),
  BalanceAfter: Money,
});
export type PlayerPaymentRow = z.infer<typeof PlayerPaymentRow>;

const PaymentTotals = z.object({
  Currency: z.string(),
  Count,
  Receipts: Money,
  Disbursements: Money,
  Net: Money,
});

export const getPlayerPayments = endpoint({
  method: 'POST',
  base: 'reports',
  path: 'AgentSiteFrames/GetPlayerPayments',
  summary: 'Player payments (receipts and disbursements) of a period across the subtree.',
  audience: 'agent',
  body: orderedDates(PeriodFields.extend({ idPlayer: OptionalId })),
  response: PeriodEcho.extend({ Rows: z.array(PlayerPaymentRow), Totals: z.array(PaymentTotals) }),
});

export const IdempotencyKey = z.uuid('must be a UUID');

export const PAYMENT_DIRECTIONS = ['receipt', 'disbursement'] as const;
export const AGENT_PAYMENT_DIRECTIONS = ['toMaster', 'fromMaster'] as const;

export const InsertPlayerPaymentRequest = z.object({
  idPlayer: Id,
  /** Minor units, always positive; the direction says which way the money went. */
  amount: PaymentAmount,
  /** receipt: the player paid in (balance rises); disbursement: paid out to the player. */
  direction: z.enum(PAYMENT_DIRECTIONS, { error: 'must be receipt or disbursement' }),
  method: PaymentMethod,
  note: defaulted(z.string().trim().max(500, 'is at most 500 characters'), ''),
  idempotencyKey: IdempotencyKey,
});

export const insertPlayerPayment = endpoint({
  method: 'POST',
  base: 'reports',
  path: 'AgentSiteFrames/InsertPlayerPayment',
  summary: 'Posts a player payment to the ledger; the same idempotency key posts once.',
  audience: 'agent',
  right: 'managePayments',
  body: InsertPlayerPaymentRequest,
  response: z.object({ Payment: PlayerPaymentRow, Replayed: z.boolean() }),
});

/**
 * credit: the book owes the player more (the balance rises); debit: the player owes more (it falls).
 * A direction rather than a signed amount, as payments have: the strict amount parser takes only
 * positive figures, and a chosen word is read back on the confirm step where a typed minus is missed.
 */
export const ADJUSTMENT_DIRECTIONS = ['credit', 'debit'] as const;
export type AdjustmentDirection = (typeof ADJUSTMENT_DIRECTIONS)[number];

export const InsertPlayerAdjustmentRequest = z.object({
  idPlayer: Id,
  /** Minor units, always positive; the direction says which way the balance moves. */
  amount: PaymentAmount,
  direction: z.enum(ADJUSTMENT_DIRECTIONS, { error: 'must be credit or debit' }),
  /** Why the agent corrects the balance (DOMAIN.md: adjustments come with a reason). */
  reason: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(500, 'is at most 500 characters'),
  idempotencyKey: IdempotencyKey,
});

export const PlayerAdjustmentRow = PlayerRef.extend({
  IdTransaction: z.number().int(),
  CreatedAt: Timestamp,
  Date: IsoDate,
  /** Positive: a credit to the player; negative: a debit. */
  Amount: Money,
  Reason: z.string(),
  EnteredBy: z.string(),
  /** The player's balance after the adjustment. */
  BalanceAfter: Money,
});
export type PlayerAdjustmentRow = z.infer<typeof PlayerAdjustmentRow>;

export const insertPlayerAdjustment = endpoint({
  method: 'POST',
  base: 'reports',
  path: 'AgentSiteFrames/InsertPlayerAdjustment',
  summary:
    'Posts an adjustment (type 3) with its reason to a player\u2019s ledger; the same key posts once.',
  audience: 'agent',
  right: 'enterAdjustments',
  body: InsertPlayerAdjustmentRequest,
  response: z.object({ Adjustment: PlayerAdjustmentRow, Replayed: z.boolean() }),
});

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

const AgentPaymentTotals = z.object({
  Currency: z.string(),
  Count,
  ToMaster: Money,
  FromMaster: Money,
  Net: Money,
});

const AgentPaymentsResponse = PeriodEcho.extend({
  Rows: z.array(AgentPaymentRow),
  Totals: z.array(AgentPaymentTotals),
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
    note: defaulted(z.string().trim().max(500, 'is at most 500 characters'), ''),
    idempotencyKey: IdempotencyKey,
  }),
  response: z.object({ Payment: AgentPaymentRow, Replayed: z.boolean() }),
});

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

export const Currency = z.object({
  IdCurrency: z.number().int(),
  Code: z.string(),
  Name: z.string(),
  MinorDigits: z.number().int(),
  /** Units of the site currency for one unit of this one, as an exact decimal string. */
  RateToSite: z.string(),
  IsSiteCurrency: z.boolean(),
});
export type Currency = z.infer<typeof Currency>;

export const getCurrency = endpoint({
  method: 'GET',
  base: 'reports',
  path: 'AgentSiteFrames/GetCurrency',
  summary: 'The currencies of the site with their conversion rates to the site currency.',
  audience: 'agent',
  response: z.array(Currency),
});
