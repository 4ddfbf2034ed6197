// SQL of the webhooks: a site's endpoint, the outbox of agent actions, and each delivery attempt.
import { and, asc, count, desc, eq, inArray, isNull, lt, notLike, or, sql } from 'drizzle-orm';
import type { WEBHOOK_STATUSES } from '@backline/contract';
import type { Executor } from '../db/query.ts';
import { agents, players, webhookAttempts, webhookEndpoints, webhookOutbox } from '../db/schema.ts';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type OutboxRow = typeof webhookOutbox.$inferSelect;
export type AttemptRow = typeof webhookAttempts.$inferSelect;
export type DeliveryStatus = (typeof WEBHOOK_STATUSES)[number];

/** Whether the agent is its site's master (the root of the tree). */
export async function isSiteRoot(ex: Executor, siteId: number, agentId: number): Promise<boolean> {
  const [row] = await ex
    .select({ parentId: agents.parentId })
    .from(agents)
    .where(and(eq(agents.id, agentId), eq(agents.siteId, siteId)));
  return row !== undefined && row.parentId === null;
}

export async function findEndpoint(ex: Executor, siteId: number): Promise<EndpointRow | null> {
  const [row] = await ex.select().from(webhookEndpoints).where(eq(webhookEndpoints.siteId, siteId));
  return row ?? null;
}

/** The endpoint's row, locked, so a change and a rotation of one site follow one another. */
export async function lockEndpoint(ex: Executor, siteId: number): Promise<EndpointRow | null> {
  const [row] = await ex
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.siteId, siteId))
    .for('update');
  return row ?? null;
}

/** Endpoints whose secrets are stored in the clear (not yet `v1.` seals), locked. */
export async function lockUnsealedEndpoints(ex: Executor): Promise<EndpointRow[]> {
  return ex
    .select()
    .from(webhookEndpoints)
    .where(
      or(
        notLike(webhookEndpoints.secret, 'v1.%'),
        notLike(webhookEndpoints.previousSecret, 'v1.%'),
      ),
    )
    .for('update');
}

export async function insertEndpoint(
  ex: Executor,
  row: typeof webhookEndpoints.$inferInsert,
): Promise<EndpointRow> {
  const [saved] = await ex.insert(webhookEndpoints).values(row).returning();
  return saved!;
}

export async function updateEndpoint(
  ex: Executor,
  siteId: number,
  set: Partial<typeof webhookEndpoints.$inferInsert>,
): Promise<EndpointRow> {
  const [saved] = await ex
    .update(webhookEndpoints)
    .set(set)
    .where(eq(webhookEndpoints.siteId, siteId))
    .returning();
  return saved!;
}

export async function findPlayerRef(
  ex: Executor,
  siteId: number,
  playerId: number,
): Promise<{ login: string; externalId: string | null } | null> {
  const [row] = await ex
    .select({ login: players.login, externalId: players.externalId })
    .from(players)
    .where(and(eq(players.id, playerId), eq(players.siteId, siteId)));
  return row ?? null;
}

export async function insertOutbox(
  ex: Executor,
  row: typeof webhookOutbox.$inferInsert,
): Promise<void> {
  await ex.insert(webhookOutbox).values(row);
}

export async function findOutbox(ex: Executor, id: string): Promise<OutboxRow | null> {
  const [row] = await ex.select().from(webhookOutbox).where(eq(webhookOutbox.id, id));
  return row ?? null;
}

export async function findSiteOutbox(
  ex: Executor,
  siteId: number,
  id: string,
): Promise<OutboxRow | null> {
  const [row] = await ex
    .select()
    .from(webhookOutbox)
    .where(and(eq(webhookOutbox.id, id), eq(webhookOutbox.siteId, siteId)));
  return row ?? null;
}

/** One key's pending rows written before `seq`, oldest first: they go out before it. */
export async function pendingBefore(
  ex: Executor,
  orderingKey: string,
  seq: number,
): Promise<OutboxRow[]> {
  return ex
    .select()
    .from(webhookOutbox)
    .where(
      and(
        eq(webhookOutbox.orderingKey, orderingKey),
        eq(webhookOutbox.status, 'pending'),
        lt(webhookOutbox.seq, seq),
      ),
    )
    .orderBy(asc(webhookOutbox.seq));
}

/** Pending rows no job delivers (written while the queue was off), oldest first. */
export async function pendingWithoutJob(ex: Executor, limit: number): Promise<OutboxRow[]> {
  return ex
    .select()
    .from(webhookOutbox)
    .where(and(eq(webhookOutbox.status, 'pending'), isNull(webhookOutbox.jobId)))
    .orderBy(asc(webhookOutbox.seq))
    .limit(limit);
}

export async function updateOutbox(
  ex: Executor,
  id: string,
  set: Partial<typeof webhookOutbox.$inferInsert>,
): Promise<OutboxRow> {
  const [row] = await ex.update(webhookOutbox).set(set).where(eq(webhookOutbox.id, id)).returning();
  return row!;
}

/** Records one attempt and what it left the delivery as, together. */
export async function recordAttempt(
  ex: Executor,
  attempt: typeof webhookAttempts.$inferInsert,
  delivered: boolean,
): Promise<void> {
  await ex.insert(webhookAttempts).values(attempt);
  await ex
    .update(webhookOutbox)
    .set({
      attempts: sql`${webhookOutbox.attempts} + 1`,
      lastAttemptAt: attempt.attemptedAt,
      lastStatusCode: attempt.statusCode ?? null,
      lastError: attempt.error ?? null,
      ...(delivered ? { status: 'delivered', deliveredAt: attempt.attemptedAt } : {}),
    })
    .where(eq(webhookOutbox.id, attempt.outboxId));
}

export async function listOutbox(
  ex: Executor,
  siteId: number,
  filter: { status: DeliveryStatus | undefined; offset: number; limit: number },
): Promise<{ rows: OutboxRow[]; total: number }> {
  const where = and(
    eq(webhookOutbox.siteId, siteId),
    filter.status ? eq(webhookOutbox.status, filter.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    ex
      .select()
      .from(webhookOutbox)
      .where(where)
      .orderBy(desc(webhookOutbox.createdAt), desc(webhookOutbox.seq))
      .offset(filter.offset)
      .limit(filter.limit),
    ex.select({ n: count() }).from(webhookOutbox).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The latest attempts of each delivery, newest first, at most `perDelivery` each. */
export async function latestAttempts(
  ex: Executor,
  outboxIds: string[],
  perDelivery: number,
): Promise<AttemptRow[]> {
  if (outboxIds.length === 0) return [];
  const ranked = ex
    .select({
      id: webhookAttempts.id,
      rank: sql<number>`row_number() over (partition by ${webhookAttempts.outboxId} order by ${webhookAttempts.id} desc)`.as(
        'rank',
      ),
    })
    .from(webhookAttempts)
    .where(inArray(webhookAttempts.outboxId, outboxIds))
    .as('ranked');
  return ex
    .select({
      id: webhookAttempts.id,
      outboxId: webhookAttempts.outboxId,
      attemptedAt: webhookAttempts.attemptedAt,
      statusCode: webhookAttempts.statusCode,
      error: webhookAttempts.error,
      durationMs: webhookAttempts.durationMs,
    })
    .from(webhookAttempts)
    .innerJoin(ranked, eq(ranked.id, webhookAttempts.id))
    .where(sql`${ranked.rank} <= ${perDelivery}`)
    .orderBy(desc(webhookAttempts.id));
}
