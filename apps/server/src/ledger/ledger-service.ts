// The only way money moves: every posting runs in one transaction, under the player's row lock,
// through the same ledger math the demo seeder uses.
import {
  localDate,
  PAYMENT_METHODS,
  type LedgerDescription,
  type LedgerType,
} from '@backline/contract';
import type { Db, Tx } from '../db/query.ts';
import { isUniqueViolation } from '../db/db-errors.ts';
import { ConflictError, NotFoundError, ValidationError } from '../errors.ts';
import { adjustmentDescription, freePlayDescription, paymentDescription } from './ledger-math.ts';
import { withPlayer, type LedgerDeps } from './ledger-posting.ts';
import {
  findAgentPaymentByKey,
  findAgentWithZone,
  findLedgerByKey,
  findPlayerPayment,
  insertAgentPayment,
  insertPlayerPayment,
  type AgentPaymentRow,
  type LedgerRow,
  type PlayerPaymentRow,
} from './ledger-repository.ts';
import {
  gradeWager,
  placeWager,
  regradeWager,
  voidWager,
  type GradeWagerInput,
  type PlaceWagerInput,
  type RegradeWagerInput,
  type VoidWagerInput,
} from './wager-operations.ts';

export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Types posted directly; payments and wagers have their own calls, which write their side rows. */
export type DirectEntryType = Exclude<LedgerType, 1 | 2>;

export interface PostEntryInput {
  siteId: number;
  playerId: number;
  type: DirectEntryType;
  amount: number;
  /** A code and parameters; plain text only where nobody reads it translated (tests, models). */
  description: LedgerDescription | string;
  createdBy: string;
  idempotencyKey?: string;
}

/**
 * Work of the caller's that commits or rolls back with a posting (an agent action's outbox row):
 * run in the posting's transaction once it is written, never for a replayed idempotency key.
 */
export type InTransaction<T> = (tx: Tx, outcome: T) => Promise<void>;

export interface PostPaymentInput {
  siteId: number;
  playerId: number;
  /** Positive: a receipt from the player; negative: a disbursement to the player. */
  amount: number;
  method: PaymentMethod;
  note?: string;
  createdBy: string;
  idempotencyKey?: string;
  inTransaction?: InTransaction<PaymentOutcome>;
}

export interface PaymentOutcome {
  entry: LedgerRow;
  payment: PlayerPaymentRow;
  /** True when the idempotency key had been used: the first posting is returned, nothing written. */
  replayed: boolean;
}

export interface PostAdjustmentInput {
  siteId: number;
  playerId: number;
  /**
   * Positive: a credit to the player (the balance rises); negative: a debit. Of free play: granted
   * or removed, never more than the player holds.
   */
  amount: number;
  /** Which balance: the real one (type 3, the default) or free play (type 4). */
  balance?: 'real' | 'freePlay';
  /** Why the agent corrects the balance: the line's description carries it. */
  reason: string;
  createdBy: string;
  idempotencyKey?: string;
  inTransaction?: InTransaction<AdjustmentOutcome>;
}

export interface AdjustmentOutcome {
  entry: LedgerRow;
  /** True when the idempotency key had been used: the first posting is returned, nothing written. */
  replayed: boolean;
}

export interface PostAgentPaymentInput {
  siteId: number;
  agentId: number;
  /** Positive: paid by the agent to its master; negative: paid by the master to the agent. */
  amount: number;
  method: PaymentMethod;
  note?: string;
  enteredBy: string;
  idempotencyKey?: string;
  inTransaction?: InTransaction<AgentPaymentRow>;
}

function nonZero(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount === 0) {
    throw new ValidationError('amount_invalid');
  }
}

function knownMethod(method: string): void {
  if (!PAYMENT_METHODS.includes(method as PaymentMethod))
    throw new ValidationError('payment_method_unknown', { method });
}

/**
 * The player lock serialises one player's postings, so a retry of the same posting replays the first.
 * The same key sent for two players at once takes two locks; the unique index lets one commit and
 * refuses the other, which then runs again and finds the committed posting like any late retry.
 */
async function oncePerKey<T>(key: string | undefined, posting: () => Promise<T>): Promise<T> {
  try {
    return await posting();
  } catch (error) {
    if (key !== undefined && isUniqueViolation(error, 'ledger_idempotency')) return posting();
    throw error;
  }
}

export function createLedgerService({
  db,
  now = () => new Date(),
  platformTime,
}: {
  db: Db;
  now?: () => Date;
  /** A platform feed event's own instant: its postings go at it (ledger-posting.ts). */
  platformTime?: Date;
}) {
  const deps: LedgerDeps = { db, now, ...(platformTime && { platformTime }) };

  async function postEntry(input: PostEntryInput): Promise<LedgerRow> {
    if (![3, 4, 5, 6, 7].includes(input.type)) {
      throw new ValidationError('ledger_type_not_direct', { type: input.type });
    }
    if (!Number.isSafeInteger(input.amount)) throw new ValidationError('amount_invalid');
    return oncePerKey(input.idempotencyKey, () =>
      withPlayer(deps, input.siteId, input.playerId, async (p) => {
        if (input.idempotencyKey) {
          const first = await findLedgerByKey(p.tx, input.siteId, input.idempotencyKey);
          if (first) return first;
        }
        return p.post({
          type: input.type,
          amount: input.amount,
          description: input.description,
          createdBy: input.createdBy,
          idempotencyKey: input.idempotencyKey ?? null,
        });
      }),
    );
  }

  async function postPayment(input: PostPaymentInput): Promise<PaymentOutcome> {
    nonZero(input.amount);
    knownMethod(input.method);
    const note = input.note ?? '';
    return oncePerKey(input.idempotencyKey, () => postPaymentOnce(input, note));
  }

  function postPaymentOnce(input: PostPaymentInput, note: string): Promise<PaymentOutcome> {
    return withPlayer(deps, input.siteId, input.playerId, async (p) => {
      // Checked under the player lock, so a retry racing the first request sees its committed row.
      if (input.idempotencyKey) {
        const first = await findLedgerByKey(p.tx, input.siteId, input.idempotencyKey);
        if (first) {
          // The key posted something else (an adjustment, say): the same key with another body.
          if (first.type !== 1) throw new ConflictError('idempotency_key_reused');
          const payment = await findPlayerPayment(p.tx, first.id);
          if (!payment) throw new NotFoundError('payment_not_found', { payment: first.id });
          return { entry: first, payment, replayed: true };
        }
      }
      const entry = await p.post({
        type: 1,
        amount: input.amount,
        description: paymentDescription(input.amount, input.method, note),
        createdBy: input.createdBy,
        idempotencyKey: input.idempotencyKey ?? null,
      });
      const payment = await insertPlayerPayment(p.tx, {
        ledgerId: entry.id,
        method: input.method,
        note,
      });
      const outcome = { entry, payment, replayed: false };
      await input.inTransaction?.(p.tx, outcome);
      return outcome;
    });
  }

  /**
   * An agent's correction of a player's balance or free play, with its reason, posted as payments
   * are: once per key.
   */
  async function postAdjustment(input: PostAdjustmentInput): Promise<AdjustmentOutcome> {
    nonZero(input.amount);
    const reason = input.reason.trim();
    if (reason === '') throw new ValidationError('reason_required');
    const freePlay = input.balance === 'freePlay';
    const type = freePlay ? 4 : 3;
    return oncePerKey(input.idempotencyKey, () =>
      withPlayer(deps, input.siteId, input.playerId, async (p) => {
        // Checked under the player lock, so a retry racing the first request sees its committed row.
        if (input.idempotencyKey) {
          const first = await findLedgerByKey(p.tx, input.siteId, input.idempotencyKey);
          if (first) {
            if (first.type !== type) throw new ConflictError('adjustment_key_reused');
            return { entry: first, replayed: true };
          }
        }
        const held = p.state().freePlayBalance;
        if (freePlay && held + input.amount < 0)
          throw new ConflictError('free_play_removal_short', {
            player: p.player.login,
            cap: held,
          });
        const entry = await p.post({
          type,
          amount: input.amount,
          description: freePlay
            ? freePlayDescription(input.amount, reason)
            : adjustmentDescription(reason),
          createdBy: input.createdBy,
          idempotencyKey: input.idempotencyKey ?? null,
        });
        const outcome = { entry, replayed: false };
        await input.inTransaction?.(p.tx, outcome);
        return outcome;
      }),
    );
  }

  async function postAgentPayment(
    input: PostAgentPaymentInput,
  ): Promise<AgentPaymentRow & { replayed: boolean }> {
    nonZero(input.amount);
    knownMethod(input.method);
    return db.transaction(async (tx) => {
      const agent = await findAgentWithZone(tx, input.siteId, input.agentId);
      if (!agent) throw new NotFoundError('agent_not_found', { agent: input.agentId });
      if (agent.parentId === null)
        throw new ValidationError('no_master_to_settle', { agent: agent.login });
      const at = now();
      const inserted = await insertAgentPayment(tx, {
        siteId: input.siteId,
        agentId: agent.id,
        masterId: agent.parentId,
        amount: input.amount,
        currency: agent.currency,
        method: input.method,
        note: input.note ?? '',
        day: localDate(at, agent.timeZone),
        createdAt: at,
        enteredBy: input.enteredBy,
        idempotencyKey: input.idempotencyKey ?? null,
      });
      if (inserted) {
        await input.inTransaction?.(tx, inserted);
        return { ...inserted, replayed: false };
      }
      const first = await findAgentPaymentByKey(tx, input.siteId, input.idempotencyKey!);
      return { ...first!, replayed: true };
    });
  }

  return {
    postEntry,
    postPayment,
    postAdjustment,
    postAgentPayment,
    placeWager: (input: PlaceWagerInput) => placeWager(deps, input),
    gradeWager: (input: GradeWagerInput) => gradeWager(deps, input),
    regradeWager: (input: RegradeWagerInput) => regradeWager(deps, input),
    voidWager: (input: VoidWagerInput) => voidWager(deps, input),
  };
}

export type LedgerService = ReturnType<typeof createLedgerService>;
export type { GradeWagerInput, PlaceWagerInput, RegradeWagerInput, VoidWagerInput };
