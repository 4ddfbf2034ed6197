// What the platform hears of an agent action: one outbox row written in the action's own
// transaction, its delivery queued in that same transaction. Wiring a ledger action is one line:
// `inTransaction: toldToPlatform(outbox, (outcome) => ({ siteId, type, playerId, at, data }))`.
import { randomUUID } from 'node:crypto';
import type { WebhookDelivery as DeliveryBody, WebhookType } from '@backline/contract';
import type { Executor } from '../db/query.ts';
import type { WebhookQueue } from './webhook-queue.ts';
import * as repo from './webhooks-repository.ts';

export interface AgentAction {
  siteId: number;
  type: WebhookType;
  /** The player it is about: that player's deliveries go out in the order they were written. */
  playerId: number | null;
  /** For an action about no player (a settlement): the agent, whose deliveries keep their order. */
  agentId?: number;
  at: Date;
  /** What happened, in the delivery's `Data`; never a secret (no password, code or token). */
  data: Record<string, unknown>;
}

export interface Outbox {
  /** Writes the action's row (and queues its delivery) in `tx`; answers the delivery id. */
  record(tx: Executor, action: AgentAction): Promise<string>;
}

/**
 * A ledger action's `inTransaction` when the platform must hear of it: records the action built
 * from the posted outcome in the action's own transaction (nothing when no outbox is wired).
 */
export function toldToPlatform<T>(outbox: Outbox | undefined, action: (outcome: T) => AgentAction) {
  return async (tx: Executor, outcome: T): Promise<void> => {
    await outbox?.record(tx, action(outcome));
  };
}

export function createOutbox({ queue }: { queue: WebhookQueue }): Outbox {
  return {
    async record(tx, action) {
      const id = randomUUID();
      const endpoint = await repo.findEndpoint(tx, action.siteId);
      const player =
        action.playerId === null
          ? null
          : await repo.findPlayerRef(tx, action.siteId, action.playerId);
      const orderingKey =
        action.playerId !== null ? `player:${action.playerId}` : `agent:${action.agentId ?? 0}`;
      const payload: DeliveryBody = {
        Id: id,
        Type: action.type,
        SiteId: action.siteId,
        IdPlayer: action.playerId,
        PlayerExternalId: player?.externalId ?? null,
        Player: player?.login ?? null,
        CreatedAt: action.at.toISOString(),
        Data: action.data,
      };
      // Without an endpoint there is nobody to tell: the row stays in the log as skipped.
      const queued = endpoint !== null && queue.running;
      const jobId = queued ? randomUUID() : null;
      await repo.insertOutbox(tx, {
        id,
        siteId: action.siteId,
        type: action.type,
        playerId: action.playerId,
        orderingKey,
        payload,
        createdAt: action.at,
        status: endpoint ? 'pending' : 'skipped',
        jobId,
      });
      if (jobId) await queue.enqueue(tx, { jobId, outboxId: id, orderingKey });
      return id;
    },
  };
}
