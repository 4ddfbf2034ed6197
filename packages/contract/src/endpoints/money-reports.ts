// Player standing, history, payments, cash flow and currencies (the money issue builds them).
import { z } from 'zod';
import { endpoint, Id, OptionalId, QueryBool, Timestamp } from '../endpoint.ts';
import { LedgerType, PaymentMethod, TransactionTypeFilter } from '../enums.ts';
import { Money, PositiveMoney } from '../money.ts';
import { PeriodEcho, PeriodFilter, PlayerRef } from './common.ts';

export const PlayerStandingRow = PlayerRef.extend({
  CreditLimit: Money,
  Balance: Money,
  AtRisk: Money,
  Available: Money,
  FreePlayBalance: Money,
  ThisWeek: Money,
  LastWeek: Money,
  Sports: Money,
  Casino: Money,
  Horses: Money,
  Active: z.boolean(),
});

export const playerStanding = endpoint({
  method: 'POST',
  base: 'reports',
  path: 'AgentSiteFrames/PlayerStanding',
  summary: 'Per player now: credit limit, balance, at risk, available, this and last week.',
  audience: 'agent',
  body: z.object({ idAgent: OptionalId, search: z.string().max(64).optional() }),
  response: z.object({ Rows: z.array(PlayerStandingRow) }),
});

export const PlayerHistoryRow = z.object({
  IdTransaction: z.number().int(),
  CreatedAt: Timestamp,
  Type: LedgerType,
  Description: z.string(),
  Amount: Money,
  BalanceAfter: Money,
  IdWager: z.number().int().nullable(),
});

export const getPlayerHistoryReport = endpoint({
  method: 'POST',
  base: 'reports',
  path: 'AgentSiteFrames/GetPlayerHistoryReport',
  summary: 'A player\u2019s ledger for a period, by transaction type, with running balance.',
  audience: 'agent',
  body: PeriodFilter.and(z.object({ idPlayer: Id, wagerType: TransactionTypeFilter.optional() })),
  response: PeriodEcho.extend({
    Player: PlayerRef,
    OpeningBalance: Money,
    ClosingBalance: Money,
    Rows: z.array(PlayerHistoryRow),
  }),
});

export const PaymentRow = z.object({
  IdPayment: z.number().int(),
  CreatedAt: Timestamp,
  Amount: Money,
  Currency: z.string(),
  Method: PaymentMethod,
  Note: z.string(),
  EnteredBy: z.string(),
});

export const PostPlayerPayment = z.object({
  idPlayer: Id,
  /** Positive: a receipt from the player; negative: a disbursement to the player. */
  amount: Money.refine((v) => v !== 0, 'must not be zero'),
  method: PaymentMethod,
  note: z.string().max(500).default(''),
  idempotencyKey: z.uuid('must be a UUID'),
});

export const getAgentPayment = endpoint({
  method: 'POST',
  base: 'reports',
  path: 'AgentSiteFrames/GetAgentPayment',
  summary: 'Settlements between an agent and its master for a period; or posts one with `post`.',
  audience: 'agent',
  body: PeriodFilter.and(
    z.object({
      post: z
        .object({
          idAgent: Id,
          amount: PositiveMoney,
          direction: z.enum(['toMaster', 'fromMaster']),
          method: PaymentMethod,
          note: z.string().max(500).default(''),
          idempotencyKey: z.uuid('must be a UUID'),
        })
        .optional(),
    }),
  ),
  response: PeriodEcho.extend({
    Rows: z.array(
      PaymentRow.extend({ IdAgent: z.number().int(), Agent: z.string(), Direction: z.string() }),
    ),
  }),
});

export const getReportAgentPayment = endpoint({
  method: 'POST',
  base: 'reports',
  path: 'AgentSiteFrames/GetReportAgentPayment',
  summary: 'Player payments of a period across the subtree; or posts one with `post`.',
  audience: 'agent',
  body: PeriodFilter.and(z.object({ post: PostPlayerPayment.optional() })),
  response: PeriodEcho.extend({
    Rows: z.array(PaymentRow.extend(PlayerRef.shape)),
    Totals: z.array(
      z.object({ Currency: z.string(), Receipts: Money, Disbursements: Money, Net: Money }),
    ),
  }),
});

export const cashFlowReport = endpoint({
  method: 'POST',
  base: 'reports',
  path: 'AgentSiteFrames/CashFlowReport',
  summary: 'Money in and out per day of a period, by agent, with totals.',
  audience: 'agent',
  body: PeriodFilter,
  response: PeriodEcho.extend({
    Rows: z.array(
      z.object({
        Date: z.string(),
        IdAgent: z.number().int(),
        Agent: z.string(),
        Currency: z.string(),
        In: Money,
        Out: Money,
        Net: Money,
      }),
    ),
    Totals: z.array(z.object({ Currency: z.string(), In: Money, Out: Money, Net: Money })),
  }),
});

export const Currency = z.object({
  IdCurrency: z.number().int(),
  Code: z.string(),
  Name: z.string(),
  MinorDigits: z.number().int(),
  /** Units of the site currency for one unit of this one, as a decimal string. */
  RateToSite: z.string(),
});

export const getCurrency = endpoint({
  method: 'GET',
  base: 'reports',
  path: 'AgentSiteFrames/GetCurrency',
  summary: 'The currencies of the site with their conversion rates.',
  audience: 'agent',
  response: z.array(Currency),
});

export const CurrencySwitch = z.object({ isCurrencyReport: QueryBool.optional() });
