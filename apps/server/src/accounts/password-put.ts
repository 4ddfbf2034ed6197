// A new password put in place by its owner or by an agent above it: the account's other sessions
// end, the audit log says who did it, and a player's platform hears of it (DESIGN §8).
import type { Db, Tx } from '../db/query.ts';
import type { Mailer } from '../mail/mailer.ts';
import { audit } from '../security/audit-repository.ts';
import type { Outbox } from '../webhooks/webhooks.ts';
import { revokeSessionsOf, setPasswordHash, type AccountKind } from './accounts-repository.ts';

/** What the services that change passwords work with. */
export interface PasswordServiceDeps {
  db: Db;
  mailer: Mailer;
  now: () => Date;
  /** Where a player's password change goes for the platform's webhooks (absent: nobody is told). */
  outbox?: Outbox;
}

export interface PasswordPut {
  siteId: number;
  account: { kind: AccountKind; id: number };
  hash: string;
  at: Date;
  /** Who changed it: the account itself, or the agent (with its login) acting on it. */
  by: { kind: 'self' } | { kind: 'agent'; agentId: number; login: string };
  /** The session that asked, kept alive when the owner changes its own password. */
  keepSessionId: number | null;
  address: string;
  requestId: string;
}

export async function putPassword(tx: Tx, outbox: Outbox | undefined, put: PasswordPut) {
  const { siteId, account, at, by } = put;
  await setPasswordHash(tx, account.kind, account.id, put.hash);
  const ended = await revokeSessionsOf(tx, account.kind, account.id, at, put.keepSessionId);
  await audit(tx, {
    siteId,
    actorKind: by.kind === 'self' ? account.kind : 'agent',
    actorId: by.kind === 'self' ? account.id : by.agentId,
    action: 'password.changed',
    targetKind: account.kind,
    targetId: account.id,
    address: put.address,
    requestId: put.requestId,
    details: { by: by.kind, sessionsEnded: ended },
  });
  if (account.kind === 'player')
    await outbox?.record(tx, {
      siteId,
      type: 'password.changed',
      playerId: account.id,
      at,
      data:
        by.kind === 'self'
          ? { By: 'self', SessionsEnded: ended }
          : { By: 'agent', ChangedBy: by.login, SessionsEnded: ended },
    });
}
