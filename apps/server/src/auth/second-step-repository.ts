// SQL of the second step (issue 20): authenticator keys, recovery codes, log-in challenges and the
// site's policy; takes a database or an open transaction.
import { and, count, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/query.ts';
import {
  agentPasskeys,
  agentRecoveryCodes,
  agentTotp,
  authChallenges,
  sessions,
  sites,
} from '../db/schema.ts';

export type ChallengeRow = typeof authChallenges.$inferSelect;

export async function selectTotp(db: Executor, agentId: number) {
  const [row] = await db.select().from(agentTotp).where(eq(agentTotp.agentId, agentId));
  return row ?? null;
}

/** A new, unconfirmed key: replaces one never confirmed, never a confirmed one. */
export async function upsertPendingTotp(db: Executor, agentId: number, secretSealed: string) {
  const rows = await db
    .insert(agentTotp)
    .values({ agentId, secretSealed })
    .onConflictDoUpdate({
      target: agentTotp.agentId,
      set: { secretSealed, lastStep: null, createdAt: sql`now()` },
      setWhere: isNull(agentTotp.confirmedAt),
    })
    .returning({ agentId: agentTotp.agentId });
  return rows.length > 0;
}

/**
 * Takes a code's time step: only when it is later than the last one taken, so the same code (or an
 * earlier one) is never accepted twice, even by two requests at once. Answers whether it took it.
 */
export async function takeTotpStep(
  db: Executor,
  agentId: number,
  step: number,
  confirmAt: Date | null,
): Promise<boolean> {
  const rows = await db
    .update(agentTotp)
    .set({
      lastStep: step,
      ...(confirmAt ? { confirmedAt: confirmAt } : {}),
    })
    .where(
      and(
        eq(agentTotp.agentId, agentId),
        sql`(${agentTotp.lastStep} is null or ${agentTotp.lastStep} < ${step})`,
      ),
    )
    .returning({ agentId: agentTotp.agentId });
  return rows.length > 0;
}

export async function deleteTotp(db: Executor, agentId: number) {
  await db.delete(agentTotp).where(eq(agentTotp.agentId, agentId));
  await db.delete(agentRecoveryCodes).where(eq(agentRecoveryCodes.agentId, agentId));
}

export async function replaceRecoveryCodes(
  db: Executor,
  agentId: number,
  hashes: readonly string[],
  at: Date,
) {
  await db.delete(agentRecoveryCodes).where(eq(agentRecoveryCodes.agentId, agentId));
  await db
    .insert(agentRecoveryCodes)
    .values(hashes.map((codeHash) => ({ agentId, codeHash, createdAt: at })));
}

/** The agent's recovery codes not used yet, as kept (salted hashes). */
export function unusedRecoveryCodes(db: Executor, agentId: number) {
  return db
    .select({ id: agentRecoveryCodes.id, codeHash: agentRecoveryCodes.codeHash })
    .from(agentRecoveryCodes)
    .where(and(eq(agentRecoveryCodes.agentId, agentId), isNull(agentRecoveryCodes.usedAt)));
}

/** Spends a recovery code unless another request did first; answers whether this one did. */
export async function spendRecoveryCode(db: Executor, id: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(agentRecoveryCodes)
    .set({ usedAt: at })
    .where(and(eq(agentRecoveryCodes.id, id), isNull(agentRecoveryCodes.usedAt)))
    .returning({ id: agentRecoveryCodes.id });
  return rows.length > 0;
}

export async function countRecoveryCodesLeft(db: Executor, agentId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(agentRecoveryCodes)
    .where(and(eq(agentRecoveryCodes.agentId, agentId), isNull(agentRecoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}

export async function countPasskeys(db: Executor, agentId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(agentPasskeys)
    .where(eq(agentPasskeys.agentId, agentId));
  return Number(row?.n ?? 0);
}

export async function deletePasskeys(db: Executor, agentId: number) {
  await db.delete(agentPasskeys).where(eq(agentPasskeys.agentId, agentId));
}

/**
 * The rights of the agent and of every agent above it, one list each: a right is the agent's in
 * effect only when every list holds it and none holds viewOnly.
 */
export async function selectChainRights(db: Executor, agentId: number): Promise<string[][]> {
  const rows = await queryRows<{ rights: string[] }>(
    db,
    sql`select a.rights from agent_closure c join agents a on a.id = c.ancestor_id
        where c.descendant_id = ${agentId}`,
  );
  return rows.map((r) => r.rights);
}

export async function selectSitePolicy(db: Executor, siteId: number): Promise<boolean> {
  const [row] = await db
    .select({ requireSecondStep: sites.requireSecondStep })
    .from(sites)
    .where(eq(sites.id, siteId));
  return row?.requireSecondStep ?? false;
}

export async function updateSitePolicy(db: Executor, siteId: number, required: boolean) {
  await db.update(sites).set({ requireSecondStep: required }).where(eq(sites.id, siteId));
}

export async function insertChallenge(db: Executor, row: typeof authChallenges.$inferInsert) {
  const [c] = await db.insert(authChallenges).values(row).returning();
  return c!;
}

/** A challenge still usable: its purpose, unused, unexpired, with tries left. */
export async function selectLiveChallenge(
  db: Executor,
  tokenHash: string,
  purpose: string,
  at: Date,
  maxAttempts: number,
) {
  const [row] = await db
    .select()
    .from(authChallenges)
    .where(
      and(
        eq(authChallenges.tokenHash, tokenHash),
        eq(authChallenges.purpose, purpose),
        isNull(authChallenges.usedAt),
        gt(authChallenges.expiresAt, at),
        lt(authChallenges.attempts, maxAttempts),
      ),
    );
  return row ?? null;
}

export async function setWebauthnChallenge(db: Executor, id: number, challenge: string) {
  await db
    .update(authChallenges)
    .set({ webauthnChallenge: challenge })
    .where(eq(authChallenges.id, id));
}

/** Spends a challenge once: answers false when another request spent it first. */
export async function spendChallenge(db: Executor, id: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(authChallenges)
    .set({ usedAt: at })
    .where(and(eq(authChallenges.id, id), isNull(authChallenges.usedAt)))
    .returning({ id: authChallenges.id });
  return rows.length > 0;
}

/** Counts a failed try; answers the tries made so far. */
export async function countChallengeAttempt(db: Executor, id: number): Promise<number> {
  const [row] = await db
    .update(authChallenges)
    .set({ attempts: sql`${authChallenges.attempts} + 1` })
    .where(eq(authChallenges.id, id))
    .returning({ attempts: authChallenges.attempts });
  return row?.attempts ?? 0;
}

/** Ends every live session of the agent (its second step was reset by its parent). */
export async function endAgentSessions(db: Executor, agentId: number, at: Date, reason: string) {
  await db
    .update(sessions)
    .set({ revokedAt: at, revokedReason: reason })
    .where(and(eq(sessions.agentId, agentId), isNull(sessions.revokedAt)));
}

/** Ends the agent's unused second-step challenges (after a reset, a pending log-in starts over). */
export async function endAgentChallenges(db: Executor, agentId: number, at: Date) {
  await db
    .update(authChallenges)
    .set({ usedAt: at })
    .where(and(eq(authChallenges.agentId, agentId), isNull(authChallenges.usedAt)));
}
