// SQL of accounts (agents and players), their codes and their sessions; takes a database or a transaction.
import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../db/query.ts';
import { agents, players, sessions, verificationCodes } from '../db/schema.ts';

export type AccountKind = 'agent' | 'player';

export interface Account {
  kind: AccountKind;
  id: number;
  siteId: number;
  login: string;
  email: string | null;
  language: string;
  passwordHash: string | null;
  active: boolean;
}

export async function findAccount(
  ex: Executor,
  kind: AccountKind,
  id: number,
): Promise<Account | null> {
  const table = kind === 'agent' ? agents : players;
  const [row] = await ex
    .select({
      id: table.id,
      siteId: table.siteId,
      login: table.login,
      email: table.email,
      language: table.language,
      passwordHash: table.passwordHash,
      active: table.active,
    })
    .from(table)
    .where(eq(table.id, id));
  return row ? { kind, ...row } : null;
}

export async function setPasswordHash(
  ex: Executor,
  kind: AccountKind,
  id: number,
  passwordHash: string,
): Promise<void> {
  const table = kind === 'agent' ? agents : players;
  await ex
    .update(table)
    .set({ passwordHash, failedLogins: 0, lockedUntil: null })
    .where(eq(table.id, id));
}

/** Ends every live session of an account but `keepSessionId` (the one that made the change). */
export async function revokeSessionsOf(
  ex: Executor,
  kind: AccountKind,
  id: number,
  now: Date,
  keepSessionId: number | null,
): Promise<number> {
  const owner = kind === 'agent' ? eq(sessions.agentId, id) : eq(sessions.playerId, id);
  const rows = await ex
    .update(sessions)
    .set({ revokedAt: now, revokedReason: 'password' })
    .where(
      and(
        eq(sessions.kind, kind),
        owner,
        isNull(sessions.revokedAt),
        keepSessionId === null ? sql`true` : ne(sessions.id, keepSessionId),
      ),
    )
    .returning({ id: sessions.id });
  return rows.length;
}

export async function killOpenCodes(ex: Executor, sessionId: number, now: Date): Promise<void> {
  await ex
    .update(verificationCodes)
    .set({ usedAt: now })
    .where(and(eq(verificationCodes.sessionId, sessionId), isNull(verificationCodes.usedAt)));
}

export async function insertCode(ex: Executor, row: typeof verificationCodes.$inferInsert) {
  await ex.insert(verificationCodes).values(row);
}

/** The session's newest code still unused, if any. */
export async function latestOpenCode(ex: Executor, sessionId: number) {
  const [row] = await ex
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.sessionId, sessionId), isNull(verificationCodes.usedAt)))
    .orderBy(desc(verificationCodes.id))
    .limit(1);
  return row ?? null;
}

export async function countWrongTry(ex: Executor, codeId: number): Promise<number> {
  const [row] = await ex
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(eq(verificationCodes.id, codeId))
    .returning({ attempts: verificationCodes.attempts });
  return row!.attempts;
}

export async function markCode(
  ex: Executor,
  codeId: number,
  set: { verifiedAt?: Date; usedAt?: Date },
): Promise<void> {
  await ex.update(verificationCodes).set(set).where(eq(verificationCodes.id, codeId));
}

/** A one-time log-in token of an account, by its hash (access-links.ts). */
export async function insertLoginToken(
  ex: Executor,
  row: { tokenHash: string; siteId: number; login: string; expiresAt: Date },
): Promise<void> {
  await ex.execute(sql`
    insert into login_tokens (token_hash, site_id, login, expires_at)
    values (${row.tokenHash}, ${row.siteId}, ${row.login}, ${row.expiresAt.toISOString()}::timestamptz)`);
}

/** Marks the account's unused log-in tokens used. */
export async function useUpLoginTokens(
  ex: Executor,
  account: { siteId: number; login: string },
  at: Date,
): Promise<void> {
  await ex.execute(sql`
    update login_tokens set used_at = ${at.toISOString()}::timestamptz
    where site_id = ${account.siteId} and login = ${account.login} and used_at is null`);
}
