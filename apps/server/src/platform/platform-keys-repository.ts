// SQL of integration keys, and of the signatures seen within the tolerance window.
import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/query.ts';
import { agents, platformKeys, platformSignatures } from '../db/schema.ts';

export type PlatformKeyRow = typeof platformKeys.$inferSelect;

export async function insertKey(
  db: Executor,
  row: typeof platformKeys.$inferInsert,
): Promise<PlatformKeyRow> {
  const [inserted] = await db.insert(platformKeys).values(row).returning();
  return inserted!;
}

export function listKeys(db: Executor, siteId: number): Promise<PlatformKeyRow[]> {
  return db
    .select()
    .from(platformKeys)
    .where(eq(platformKeys.siteId, siteId))
    .orderBy(desc(platformKeys.createdAt), desc(platformKeys.id));
}

export async function findKey(
  db: Executor,
  siteId: number,
  id: number,
): Promise<PlatformKeyRow | undefined> {
  const [row] = await db
    .select()
    .from(platformKeys)
    .where(and(eq(platformKeys.id, id), eq(platformKeys.siteId, siteId)))
    .for('update');
  return row;
}

export async function findKeyByKeyId(
  db: Executor,
  keyId: string,
): Promise<PlatformKeyRow | undefined> {
  const [row] = await db.select().from(platformKeys).where(eq(platformKeys.keyId, keyId));
  return row;
}

export async function updateKey(
  db: Executor,
  id: number,
  set: Partial<Pick<PlatformKeyRow, 'expiresAt' | 'revokedAt'>>,
): Promise<PlatformKeyRow> {
  const [row] = await db.update(platformKeys).set(set).where(eq(platformKeys.id, id)).returning();
  return row!;
}

/** Records a use, at most once per `everyMs` per key across processes. */
export async function touchKey(db: Executor, id: number, at: Date, everyMs: number): Promise<void> {
  const since = new Date(at.getTime() - everyMs);
  await db
    .update(platformKeys)
    .set({ lastUsedAt: at })
    .where(
      and(
        eq(platformKeys.id, id),
        or(isNull(platformKeys.lastUsedAt), lt(platformKeys.lastUsedAt, since)),
      ),
    );
}

/** False when this key's signature was seen already: the request is a replay. */
export async function rememberSignature(
  db: Executor,
  keyId: number,
  signature: string,
  at: Date,
): Promise<boolean> {
  const inserted = await db
    .insert(platformSignatures)
    .values({ keyId, signature, seenAt: at })
    .onConflictDoNothing()
    .returning({ keyId: platformSignatures.keyId });
  return inserted.length === 1;
}

/** Forgets signatures older than `before`: their time alone refuses them now. */
export async function forgetSignatures(db: Executor, before: Date): Promise<void> {
  await db.delete(platformSignatures).where(lt(platformSignatures.seenAt, before));
}

/** Whether the agent is a master agent (the root of its site's tree). */
export async function isRootAgent(db: Executor, siteId: number, agentId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: agents.id })
    .from(agents)
    .where(and(eq(agents.id, agentId), eq(agents.siteId, siteId), sql`${agents.parentId} is null`));
  return row !== undefined;
}
