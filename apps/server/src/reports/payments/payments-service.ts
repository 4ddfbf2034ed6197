// Player payments and adjustments post to the ledger; agent settlements are their own records. All
// are idempotent.
import {
  settlementPeriod,
  type PlayerAdjustmentRow,
  sumMoney,
  type AgentPaymentRow,
  type AgentPaymentsResponse,
  type PlayerPaymentRow,
  type api,
  type ParsedBodyOf,
  type PeriodFields,
} from '@backline/contract';
import type { z } from 'zod';
import type { Db } from '../../db/query.ts';
import type { AgentAuth } from '../../auth/auth-context.ts';
import { entrantOf } from '../../agents/entrant.ts';
import { agentInScope, playerInScope } from '../../agents/scope.ts';
import { ConflictError, ForbiddenError } from '../../errors.ts';
import type { LedgerService, PaymentMethod } from '../../ledger/ledger-service.ts';
import type { Outbox } from '../../webhooks/webhooks.ts';
import { resolvePeriod } from '../period.ts';
import {
  selectAgentPayments,
  selectPlayerPayments,
  type AgentPaymentDbRow,
  type PlayerPaymentDbRow,
} from './payments-repository.ts';

/** The period fields both payment lists take. */
type PeriodRequest = z.output<typeof PeriodFields>;

const toPlayerPayment = (r: PlayerPaymentDbRow): PlayerPaymentRow => ({
  IdPayment: r.id,
  CreatedAt: r.created_at,
  Date: r.day,
  Amount: r.amount,
  Method: r.method as PaymentMethod,
  Note: r.note,
  EnteredBy: r.created_by,
  BalanceAfter: r.balance_after,
  IdPlayer: r.player_id,
  Player: r.login,
  Name: r.name,
  IdAgent: r.agent_id,
  Agent: r.agent,
  Currency: r.currency,
});

const toAgentPayment = (r: AgentPaymentDbRow): AgentPaymentRow => ({
  IdPayment: r.id,
  CreatedAt: r.created_at,
  Date: r.day,
  IdAgent: r.agent_id,
  Agent: r.agent,
  IdMaster: r.master_id,
  Master: r.master,
  Amount: r.amount,
  Currency: r.currency,
  Method: r.method as PaymentMethod,
  Note: r.note,
  EnteredBy: r.entered_by,
});

function agentTotals(rows: AgentPaymentRow[]): AgentPaymentsResponse['Totals'] {
  return [...Map.groupBy(rows, (r) => r.Currency)]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, list]) => ({
      Currency: currency,
      Count: list.length,
      ToMaster: sumMoney(
        list.filter((r) => r.Amount > 0),
        (r) => r.Amount,
      ),
      FromMaster: sumMoney(
        list.filter((r) => r.Amount < 0),
        (r) => -r.Amount,
      ),
      Net: sumMoney(list, (r) => r.Amount),
    }));
}

export function createPaymentsService(deps: {
  db: Db;
  ledger: LedgerService;
  now?: () => Date;
  /** Where agent actions go for the platform's webhooks (absent: nobody is told). */
  outbox?: Outbox;
}) {
  const { db, ledger } = deps;
  const now = deps.now ?? (() => new Date());

  /** Payments are where agents settle: on a Monday they open on the week just closed. */
  const settlementRange = (auth: AgentAuth, req: PeriodRequest) => {
    const at = now();
    return resolvePeriod(auth.timeZone, req, at, settlementPeriod(at, auth.timeZone));
  };

  async function playerPayments(auth: AgentAuth, req: ParsedBodyOf<typeof api.getPlayerPayments>) {
    const agent = await agentInScope(db, auth, req.idAgent);
    if (req.idPlayer !== undefined) await playerInScope(db, auth, req.idPlayer);
    const range = settlementRange(auth, req);
    const rows = (
      await selectPlayerPayments(db, {
        agentId: agent.id,
        start: range.StartDate,
        end: range.EndDate,
        playerId: req.idPlayer,
      })
    ).map(toPlayerPayment);
    const totals = [...Map.groupBy(rows, (r) => r.Currency)]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, list]) => ({
        Currency: currency,
        Count: list.length,
        Receipts: sumMoney(
          list.filter((r) => r.Amount > 0),
          (r) => r.Amount,
        ),
        Disbursements: sumMoney(
          list.filter((r) => r.Amount < 0),
          (r) => -r.Amount,
        ),
        Net: sumMoney(list, (r) => r.Amount),
      }));
    return { ...range, Rows: rows, Totals: totals };
  }

  async function insertPlayerPayment(
    auth: AgentAuth,
    req: ParsedBodyOf<typeof api.insertPlayerPayment>,
  ) {
    const player = await playerInScope(db, auth, req.idPlayer);
    const amount = req.direction === 'receipt' ? req.amount : -req.amount;
    const createdBy = await entrantOf(db, auth);
    const outcome = await ledger.postPayment({
      siteId: auth.siteId,
      playerId: player.id,
      amount,
      method: req.method,
      note: req.note,
      createdBy,
      idempotencyKey: req.idempotencyKey,
      inTransaction: async (tx, o) => {
        await deps.outbox?.record(tx, {
          siteId: auth.siteId,
          type: 'payment.entered',
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
        });
      },
    });
    if (
      outcome.replayed &&
      (outcome.entry.playerId !== player.id || outcome.entry.amount !== amount)
    ) {
      throw new ConflictError('idempotency_key_reused');
    }
    const [row] = await selectPlayerPayments(db, {
      agentId: auth.agentId,
      ledgerId: outcome.entry.id,
    });
    return { Payment: toPlayerPayment(row!), Replayed: outcome.replayed };
  }

  /** An agent's correction of a player's balance (type 3), with its reason; told to the platform. */
  async function insertPlayerAdjustment(
    auth: AgentAuth,
    req: ParsedBodyOf<typeof api.insertPlayerAdjustment>,
  ): Promise<{ Adjustment: PlayerAdjustmentRow; Replayed: boolean }> {
    const player = await playerInScope(db, auth, req.idPlayer);
    const amount = req.direction === 'credit' ? req.amount : -req.amount;
    const createdBy = await entrantOf(db, auth);
    const { entry, replayed } = await ledger.postAdjustment({
      siteId: auth.siteId,
      playerId: player.id,
      amount,
      reason: req.reason,
      createdBy,
      idempotencyKey: req.idempotencyKey,
      inTransaction: async (tx, o) => {
        await deps.outbox?.record(tx, {
          siteId: auth.siteId,
          type: 'adjustment.entered',
          playerId: player.id,
          at: o.entry.createdAt,
          data: {
            IdTransaction: o.entry.id,
            Amount: amount,
            Direction: req.direction,
            Reason: req.reason,
            BalanceAfter: o.entry.balanceAfter,
            EnteredBy: createdBy,
          },
        });
      },
    });
    const reason = entry.descriptionParams?.reason ?? '';
    if (
      replayed &&
      (entry.playerId !== player.id || entry.amount !== amount || reason !== req.reason)
    ) {
      throw new ConflictError('adjustment_key_reused');
    }
    return {
      Adjustment: {
        IdTransaction: entry.id,
        CreatedAt: entry.createdAt.toISOString(),
        Date: entry.day,
        Amount: entry.amount,
        Reason: reason,
        EnteredBy: entry.createdBy,
        BalanceAfter: entry.balanceAfter,
        IdPlayer: player.id,
        Player: player.login,
        Name: player.name,
        IdAgent: player.agentId,
        Agent: player.agent,
        Currency: player.currency,
      },
      Replayed: replayed,
    };
  }

  async function agentPayments(
    auth: AgentAuth,
    req: ParsedBodyOf<typeof api.getAgentPayment>,
    scope: 'self' | 'below',
  ): Promise<AgentPaymentsResponse> {
    const agent = await agentInScope(db, auth, req.idAgent);
    const range = settlementRange(auth, req);
    const rows = (
      await selectAgentPayments(db, {
        agentId: agent.id,
        scope,
        start: range.StartDate,
        end: range.EndDate,
      })
    ).map(toAgentPayment);
    return { ...range, Rows: rows, Totals: agentTotals(rows) };
  }

  async function insertAgentPayment(
    auth: AgentAuth,
    req: ParsedBodyOf<typeof api.insertAgentPayment>,
  ) {
    const agent = await agentInScope(db, auth, req.idAgent);
    // A settlement is recorded by the master side: the caller must sit above the agent.
    if (agent.id === auth.agentId) {
      throw new ForbiddenError('own_settlement_by_master');
    }
    const amount = req.direction === 'toMaster' ? req.amount : -req.amount;
    const enteredBy = await entrantOf(db, auth);
    const saved = await ledger.postAgentPayment({
      siteId: auth.siteId,
      agentId: agent.id,
      amount,
      method: req.method,
      note: req.note,
      enteredBy,
      idempotencyKey: req.idempotencyKey,
      inTransaction: async (tx, p) => {
        await deps.outbox?.record(tx, {
          siteId: auth.siteId,
          type: 'agent_payment.entered',
          playerId: null,
          agentId: p.agentId,
          at: p.createdAt,
          data: {
            IdPayment: p.id,
            IdAgent: p.agentId,
            IdMaster: p.masterId,
            Amount: amount,
            Currency: p.currency,
            Direction: req.direction,
            Method: req.method,
            Note: req.note,
            EnteredBy: enteredBy,
          },
        });
      },
    });
    if (saved.replayed && (saved.agentId !== agent.id || saved.amount !== amount)) {
      throw new ConflictError('idempotency_key_reused');
    }
    const [row] = await selectAgentPayments(db, {
      agentId: agent.id,
      scope: 'self',
      paymentId: saved.id,
    });
    return { Payment: toAgentPayment(row!), Replayed: saved.replayed };
  }

  return {
    playerPayments,
    insertPlayerPayment,
    insertPlayerAdjustment,
    agentPayments,
    insertAgentPayment,
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
