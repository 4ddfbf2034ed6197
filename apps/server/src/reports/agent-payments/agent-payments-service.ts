// Settlements between an agent and its master: recorded by the master side, once per idempotency
// key, and told to the platform; listed for one agent or for every sub-agent below it.
import type { AgentPaymentRow, AgentPaymentsResponse, api, ParsedBodyOf } from '@backline/contract';
import type { AgentAuth } from '../../auth/auth-context.ts';
import { entrantOf } from '../../agents/entrant.ts';
import { agentInScope } from '../../agents/scope.ts';
import { ConflictError, ForbiddenError } from '../../errors.ts';
import type { PaymentMethod } from '../../ledger/ledger-service.ts';
import { paymentList } from '../payment-totals.ts';
import { selectAgentPayments, type AgentPaymentDbRow } from './agent-payments-repository.ts';
import type { PaymentDeps } from '../report-module.ts';
import { toldToPlatform } from '../../webhooks/outbox.ts';
import { auditAgent } from '../../security/audit-repository.ts';
import type { AgentPaymentRow as SavedAgentPayment } from '../../ledger/ledger-repository.ts';

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

export function createAgentPaymentsService(deps: PaymentDeps) {
  const { db, ledger, now } = deps;

  async function agentPayments(
    auth: AgentAuth,
    req: ParsedBodyOf<typeof api.getAgentPayment>,
    scope: 'self' | 'below',
  ): Promise<AgentPaymentsResponse> {
    const agent = await agentInScope(db, auth, req.idAgent);
    return paymentList(
      { timeZone: auth.timeZone, filter: req, now: now() },
      async (start, end) =>
        (await selectAgentPayments(db, { agentId: agent.id, scope, start, end })).map(
          toAgentPayment,
        ),
      ['ToMaster', 'FromMaster'],
    );
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
    const told = toldToPlatform(deps.outbox, (p: SavedAgentPayment) => ({
      siteId: auth.siteId,
      type: 'agent_payment.entered' as const,
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
    }));
    const saved = await ledger.postAgentPayment({
      siteId: auth.siteId,
      agentId: agent.id,
      amount,
      method: req.method,
      note: req.note,
      enteredBy,
      idempotencyKey: req.idempotencyKey,
      inTransaction: async (tx, p) => {
        await auditAgent(tx, auth, {
          action: 'payment.agent',
          targetKind: 'agent',
          targetId: p.agentId,
          at: p.createdAt,
          details: {
            amount,
            currency: p.currency,
            method: req.method,
            ...(req.note ? { note: req.note } : {}),
          },
        });
        await told(tx, p);
      },
    });
    // The same key with another body (agent, amount, method or note) is a different payment.
    if (
      saved.replayed &&
      (saved.agentId !== agent.id ||
        saved.amount !== amount ||
        saved.method !== req.method ||
        saved.note !== (req.note ?? ''))
    ) {
      throw new ConflictError('idempotency_key_reused');
    }
    const [row] = await selectAgentPayments(db, {
      agentId: agent.id,
      scope: 'self',
      paymentId: saved.id,
    });
    return { Payment: toAgentPayment(row!), Replayed: saved.replayed };
  }

  return { agentPayments, insertAgentPayment };
}

export type AgentPaymentsService = ReturnType<typeof createAgentPaymentsService>;
