// A signed-in agent or player changes its own password with a 6-digit code e-mailed to it: the code
// is single use, lives 10 minutes, belongs to the session that asked for it, and dies after 5 wrong tries.
import { randomInt } from 'node:crypto';
import type { api, ParsedBodyOf } from '@backline/contract';
import type { Auth } from '../auth/auth-context.ts';
import { hashPassword } from '../auth/password.ts';
import { NotFoundError, ValidationError } from '../errors.ts';
import { audit } from '../security/audit-repository.ts';
import { hit } from '../security/rate-limit.ts';
import { safeEqual, sha256 } from '../security/tokens.ts';
import { langOf, passwordCodeMail } from '../mail/messages.ts';
import * as repo from './accounts-repository.ts';
import { checkNewPassword } from './password-policy.ts';
import { putPassword, type PasswordServiceDeps } from './password-put.ts';

export const CODE_MINUTES = 10;
export const CODE_TRIES = 5;

export interface Caller<A extends Auth = Auth> {
  auth: A;
  address: string;
  requestId: string;
}

const codeHash = (sessionId: number, code: string) => sha256(`${sessionId}:${code}`);

/** "ma***@example.com": enough for a person to recognise the address, not to harvest it. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 2)}***@${domain}`;
}

export function createPasswordChangeService({ db, mailer, now, outbox }: PasswordServiceDeps) {
  async function self(auth: Auth): Promise<repo.Account> {
    const account =
      auth.kind === 'agent'
        ? await repo.findAccount(db, 'agent', auth.selfAgentId)
        : await repo.findAccount(db, 'player', auth.playerId);
    if (!account) throw new NotFoundError('not_found');
    return account;
  }

  async function sendCode({ auth, address, requestId }: Caller) {
    await hit(db, { key: `code-send:ip:${address}`, max: 20, windowSeconds: 900 });
    await hit(db, { key: `code-send:session:${auth.sessionId}`, max: 5, windowSeconds: 900 });
    const account = await self(auth);
    if (!account.email) {
      throw new ValidationError('account_without_email');
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const at = now();
    const expiresAt = new Date(at.getTime() + CODE_MINUTES * 60_000);
    await db.transaction(async (tx) => {
      await repo.killOpenCodes(tx, auth.sessionId, at);
      await repo.insertCode(tx, {
        sessionId: auth.sessionId,
        codeHash: codeHash(auth.sessionId, code),
        expiresAt,
        createdAt: at,
      });
      await audit(tx, {
        siteId: auth.siteId,
        actorKind: account.kind,
        actorId: account.id,
        action: 'password.code_sent',
        targetKind: account.kind,
        targetId: account.id,
        address,
        requestId,
      });
    });
    await mailer.send(
      passwordCodeMail(langOf(account.language), auth.siteId, account.email, code, CODE_MINUTES),
    );
    return {
      Ok: true as const,
      MaskedEmail: maskEmail(account.email),
      ExpiresAt: expiresAt.toISOString(),
    };
  }

  /** The session's open code when `code` matches it; counts a wrong try otherwise. */
  async function matchingCode(auth: Auth, code: string, address: string) {
    await hit(db, { key: `code-check:ip:${address}`, max: 60, windowSeconds: 900 });
    const row = await repo.latestOpenCode(db, auth.sessionId);
    if (!row) throw new ValidationError('code_not_requested');
    if (row.expiresAt.getTime() <= now().getTime()) {
      throw new ValidationError('code_expired');
    }
    if (row.attempts >= CODE_TRIES) {
      throw new ValidationError('code_too_many_tries');
    }
    if (!safeEqual(row.codeHash, codeHash(auth.sessionId, code))) {
      const attempts = await repo.countWrongTry(db, row.id);
      throw attempts >= CODE_TRIES
        ? new ValidationError('code_too_many_tries')
        : new ValidationError('code_wrong', { tries: CODE_TRIES - attempts });
    }
    return row;
  }

  async function verifyCode({ auth, address }: Caller, code: string) {
    const row = await matchingCode(auth, code, address);
    if (!row.verifiedAt) await repo.markCode(db, row.id, { verifiedAt: now() });
    return { Ok: true as const };
  }

  async function updatePassword(
    { auth, address, requestId }: Caller,
    input: ParsedBodyOf<typeof api.updatePassword>,
  ) {
    const row = await matchingCode(auth, input.Code, address);
    if (!row.verifiedAt) throw new ValidationError('code_not_verified');
    const account = await self(auth);
    await checkNewPassword(input.NewPassword, account.passwordHash, 'NewPassword', [
      account.login,
      account.email,
    ]);
    const hash = await hashPassword(input.NewPassword);
    const at = now();
    await db.transaction(async (tx) => {
      await repo.markCode(tx, row.id, { usedAt: at });
      await putPassword(tx, outbox, {
        siteId: auth.siteId,
        account,
        hash,
        at,
        by: { kind: 'self' },
        keepSessionId: auth.sessionId,
        address,
        requestId,
      });
    });
    return { Ok: true as const };
  }

  return { sendCode, verifyCode, updatePassword };
}

export type PasswordChangeService = ReturnType<typeof createPasswordChangeService>;
