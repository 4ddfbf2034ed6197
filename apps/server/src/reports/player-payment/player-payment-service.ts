// Player payments, adjustments and free play post to the ledger, once per idempotency key, and are told to
// the platform; the list shows a period's payments across the subtree.
import type {
  api,
  ParsedBodyOf,
  PlayerAdjustmentRow,
  PlayerFreePlayRow,
  PlayerPaymentRow,
} from '@backline/contract';
import type { AgentAuth } from '../../auth/auth-context.ts';
import { entrantOf } from '../../agents/entrant.ts';
import { agentInScope, playerInScope } from '../../agents/scope.ts';
import { ConflictError } from '../../errors.ts';
import type {
  AdjustmentOutcome,
  PaymentMethod,
  PaymentOutcome,
} from '../../ledger/ledger-service.ts';
import { paymentList } from '../payment-totals.ts';
import { selectPlayerPayments, type PlayerPaymentDbRow } from './player-payment-repository.ts';
import { playerRef, scopedPlayerRef } from '../player-ref.ts';
import type { PaymentDeps } from '../report-module.ts';
import { toldToPlatform } from '../../webhooks/outbox.ts';
import { auditAgent } from '../../security/audit-repository.ts';

const toPlayerPayment = (r: PlayerPaymentDbRow): PlayerPaymentRow => ({
  IdPayment: r.id,
  CreatedAt: r.created_at,
  Date: r.day,
  Amount: r.amount,
  Method: r.method as PaymentMethod,
  Note: r.note,
  EnteredBy: r.created_by,
  BalanceAfter: r.balance_after,
  ...playerRef(r),
});

export function createPlayerPaymentService(deps: PaymentDeps) {
  const { db, ledger, now } = deps;

  async function playerPayments(auth: AgentAuth, req: ParsedBodyOf<typeof api.getPlayerPayments>) {
    const agent = await agentInScope(db, auth, req.idAgent);
    if (req.idPlayer !== undefined) await playerInScope(db, auth, req.idPlayer);
    return paymentList(
      { timeZone: auth.timeZone, filter: req, now: now() },
      async (start, end) =>
        (
          await selectPlayerPayments(db, { agentId: agent.id, start, end, playerId: req.idPlayer })
        ).map(toPlayerPayment),
      ['Receipts', 'Disbursements'],
    );
  }

  async function insertPlayerPayment(
    auth: AgentAuth,
    req: ParsedBodyOf<typeof api.insertPlayerPayment>,
  ) {
    const player = await playerInScope(db, auth, req.idPlayer);
    const amount = req.direction === 'receipt' ? req.amount : -req.amount;
    const createdBy = await entrantOf(db, auth);
    const told = toldToPlatform(deps.outbox, (o: PaymentOutcome) => ({
      siteId: auth.siteId,
      type: 'payment.entered' as const,
      playerId: player.id,
      at: o.entry.createdAt,
      data: {
        IdPayment: o.entry.id,
        Amount: amount,
        Direction: req.direction,
        Method: req.method,
        Note: req.note,
        BalanceAfter: o.entry.balanceAfter,
        EnteredBy: createdBy,
      },
    }));
    const outcome = await ledger.postPayment({
      siteId: auth.siteId,
      playerId: player.id,
      amount,
      method: req.method,
      note: req.note,
      createdBy,
      idempotencyKey: req.idempotencyKey,
      inTransaction: async (tx, o) => {
        await auditAgent(tx, auth, {
          action: 'payment.player',
          targetKind: 'player',
          targetId: player.id,
          at: o.entry.createdAt,
          details: {
            amount,
            currency: player.currency,
            method: req.method,
            ...(req.note ? { note: req.note } : {}),
            before: { balance: o.entry.balanceAfter - amount },
            after: { balance: o.entry.balanceAfter },
          },
        });
        await told(tx, o);
      },
    });
    // The same key with another body (player, amount, method or note) is a different payment.
    if (
      outcome.replayed &&
      (outcome.entry.playerId !== player.id ||
        outcome.entry.amount !== amount ||
        outcome.payment.method !== req.method ||
        outcome.payment.note !== (req.note ?? ''))
    ) {
      throw new ConflictError('idempotency_key_reused');
    }
    const [row] = await selectPlayerPayments(db, {
      agentId: auth.agentId,
      ledgerId: outcome.entry.id,
    });
    return { Payment: toPlayerPayment(row!), Replayed: outcome.replayed };
  }

  /**
   * An agent's correction, with its reason, told to the platform: of the player's balance (an
   * adjustment, type 3) or of its free play (type 4). The same key posts once; sent again with
   * other figures it is refused.
   */
  async function postCorrection(
    auth: AgentAuth,
    req: { idPlayer: number; amount: number; reason: string; idempotencyKey: string },
    c: { balance: 'real' | 'freePlay'; signed: number; direction: string },
  ) {
    const player = await playerInScope(db, auth, req.idPlayer);
    const createdBy = await entrantOf(db, auth);
    const freePlay = c.balance === 'freePlay';
    const told = toldToPlatform(deps.outbox, (o: AdjustmentOutcome) => ({
      siteId: auth.siteId,
      type: freePlay ? ('free_play.entered' as const) : ('adjustment.entered' as const),
      playerId: player.id,
      at: o.entry.createdAt,
      data: {
        IdTransaction: o.entry.id,
        Amount: c.signed,
        Direction: c.direction,
        Reason: req.reason,
        ...(freePlay
          ? { FreePlayBalanceAfter: o.entry.freePlayAfter }
          : { BalanceAfter: o.entry.balanceAfter }),
        EnteredBy: createdBy,
      },
    }));
    const { entry, replayed } = await ledger.postAdjustment({
      siteId: auth.siteId,
      playerId: player.id,
      balance: c.balance,
      amount: c.signed,
      reason: req.reason,
      createdBy,
      idempotencyKey: req.idempotencyKey,
      inTransaction: async (tx, o) => {
        const [was, is] = freePlay
          ? [o.entry.freePlayAfter - c.signed, o.entry.freePlayAfter]
          : [o.entry.balanceAfter - c.signed, o.entry.balanceAfter];
        const field = freePlay ? 'freePlayBalance' : 'balance';
        await auditAgent(tx, auth, {
          action: freePlay ? 'free_play.entered' : 'adjustment.entered',
          targetKind: 'player',
          targetId: player.id,
          at: o.entry.createdAt,
          details: {
            amount: c.signed,
            currency: player.currency,
            reason: req.reason,
            before: { [field]: was },
            after: { [field]: is },
          },
        });
        await told(tx, o);
      },
    });
    const reason = entry.descriptionParams?.reason ?? '';
    if (
      replayed &&
      (entry.playerId !== player.id || entry.amount !== c.signed || reason !== req.reason)
    ) {
      throw new ConflictError('adjustment_key_reused');
    }
    const row = {
      IdTransaction: entry.id,
      CreatedAt: entry.createdAt.toISOString(),
      Date: entry.day,
      Amount: entry.amount,
      Reason: reason,
      EnteredBy: entry.createdBy,
      ...scopedPlayerRef(player),
    };
    return { row, entry, replayed };
  }

  /** An adjustment of a player's balance (type 3). */
  async function insertPlayerAdjustment(
    auth: AgentAuth,
    req: ParsedBodyOf<typeof api.insertPlayerAdjustment>,
  ): Promise<{ Adjustment: PlayerAdjustmentRow; Replayed: boolean }> {
    const signed = req.direction === 'credit' ? req.amount : -req.amount;
    const { row, entry, replayed } = await postCorrection(auth, req, {
      balance: 'real',
      signed,
      direction: req.direction,
    });
    return { Adjustment: { ...row, BalanceAfter: entry.balanceAfter }, Replayed: replayed };
  }

  /** Free play granted or removed (type 4), never more removed than the player holds. */
  async function insertPlayerFreePlay(
    auth: AgentAuth,
    req: ParsedBodyOf<typeof api.insertPlayerFreePlay>,
  ): Promise<{ FreePlay: PlayerFreePlayRow; Replayed: boolean }> {
    const signed = req.direction === 'grant' ? req.amount : -req.amount;
    const { row, entry, replayed } = await postCorrection(auth, req, {
      balance: 'freePlay',
      signed,
      direction: req.direction,
    });
    return { FreePlay: { ...row, FreePlayBalanceAfter: entry.freePlayAfter }, Replayed: replayed };
  }

  return { playerPayments, insertPlayerPayment, insertPlayerAdjustment, insertPlayerFreePlay };
}

export type PlayerPaymentService = ReturnType<typeof createPlayerPaymentService>;
