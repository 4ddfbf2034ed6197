// Player payment: the payments of players in a period, and a payment or an adjustment entered.
import { z } from 'zod';
import { endpoint, Id, OptionalId, Timestamp } from '../core/endpoint.ts';
import { PaymentMethod } from '../core/enums.ts';
import { Money, PaymentAmount } from '../core/money.ts';
import { IsoDate } from '../core/periods.ts';
import {
  IdempotencyKey,
  orderedDates,
  PaymentNote,
  PaymentTotals,
  PeriodEcho,
  PeriodFields,
  PlayerRef,
} from '../core/common.ts';

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

export const getPlayerPayments = endpoint({
  method: 'POST',
  base: 'reports',
  path: 'AgentSiteFrames/GetPlayerPayments',
  summary: 'Player payments (receipts and disbursements) of a period across the subtree.',
  audience: 'agent',
  body: orderedDates(PeriodFields.extend({ idPlayer: OptionalId })),
  response: PeriodEcho.extend({
    Rows: z.array(PlayerPaymentRow),
    Totals: z.array(PaymentTotals('Receipts', 'Disbursements')),
  }),
});

export const PAYMENT_DIRECTIONS = ['receipt', 'disbursement'] as const;

export const InsertPlayerPaymentRequest = z.object({
  idPlayer: Id,
  /** Minor units, always positive; the direction says which way the money went. */
  amount: PaymentAmount,
  /** receipt: the player paid in (balance rises); disbursement: paid out to the player. */
  direction: z.enum(PAYMENT_DIRECTIONS, { error: 'must be receipt or disbursement' }),
  method: PaymentMethod,
  note: PaymentNote,
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

/** What a correction of a balance or of free play is entered with; each adds its direction. */
export const CorrectionRequest = z.object({
  idPlayer: Id,
  /** Minor units, always positive; the direction says which way the balance moves. */
  amount: PaymentAmount,
  /** Why the agent corrects it (DOMAIN.md: adjustments come with a reason). */
  reason: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(500, 'is at most 500 characters'),
  idempotencyKey: IdempotencyKey,
});

export const InsertPlayerAdjustmentRequest = CorrectionRequest.extend({
  direction: z.enum(ADJUSTMENT_DIRECTIONS, { error: 'must be credit or debit' }),
});

/** A correction as posted: the ledger line with its reason and who entered it. */
export const CorrectionRow = PlayerRef.extend({
  IdTransaction: z.number().int(),
  CreatedAt: Timestamp,
  Date: IsoDate,
  /** Positive: a credit to the player, or free play granted; negative: a debit, or removed. */
  Amount: Money,
  Reason: z.string(),
  EnteredBy: z.string(),
});

export const PlayerAdjustmentRow = CorrectionRow.extend({
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
