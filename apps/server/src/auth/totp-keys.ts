// An agent's authenticator key and recovery codes (issue 20): made, sealed at rest, confirmed with
// a first code, and each code taken once. Used by the log-in's second step and the agent's own
// Security screen alike.
import type { TotpSetup } from '@backline/contract';
import type { Db } from '../db/query.ts';
import { ConflictError } from '../errors.ts';
import { audit } from '../security/audit-repository.ts';
import { openSecret, sealSecret } from '../security/sealed-secret.ts';
import * as authRepo from './auth-repository.ts';
import { verifyPassword } from './password.ts';
import * as repo from './second-step-repository.ts';
import {
  matchTotp,
  newRecoveryCode,
  newTotpSecret,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_LENGTH,
  hashRecoveryCode,
  recoveryCodeTyped,
  totpUri,
} from './totp.ts';

export interface TotpKeysDeps {
  db: Db;
  now: () => Date;
  /** The server key that seals the authenticator keys (config.platformSecretKey). */
  secretKey: Buffer;
}

/** The binding of an agent's sealed authenticator key: a seal moved to another agent does not open. */
export const totpBinding = (agentId: number) => `totp:${agentId}`;

/** Ten new recovery codes: the codes to show once, and their hashes to keep. */
export async function newRecoveryCodes(): Promise<{ codes: string[]; hashes: string[] }> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  return { codes, hashes: await Promise.all(codes.map(hashRecoveryCode)) };
}

export function createTotpKeys({ db, now, secretKey }: TotpKeysDeps) {
  /** The agent's authenticator key in the clear, when one is set up (confirmed or not). */
  async function secretOf(agentId: number) {
    const totp = await repo.selectTotp(db, agentId);
    if (!totp) return null;
    const secret = openSecret(secretKey, totpBinding(agentId), totp.secretSealed);
    if (secret === null) throw new Error(`the authenticator key of agent ${agentId} does not open`);
    return { ...totp, secret };
  }

  /** Whether the agent has an authenticator in force. */
  async function confirmed(agentId: number): Promise<boolean> {
    return Boolean((await repo.selectTotp(db, agentId))?.confirmedAt);
  }

  /**
   * Takes a code of the agent's confirmed authenticator: true when it belongs to a step within the
   * window later than the last one taken (so the same code, or an earlier one, never works twice).
   */
  async function takeCode(agentId: number, code: string): Promise<boolean> {
    const totp = await secretOf(agentId);
    if (!totp?.confirmedAt) return false;
    const step = matchTotp(totp.secret, code, now());
    return step !== null && repo.takeTotpStep(db, agentId, step, null);
  }

  /** Spends one of the agent's unused recovery codes, however it was typed. */
  async function takeRecoveryCode(agentId: number, code: string): Promise<boolean> {
    const typed = recoveryCodeTyped(code);
    if (typed.length !== RECOVERY_CODE_LENGTH) return false;
    const unused = await repo.unusedRecoveryCodes(db, agentId);
    const matches = await Promise.all(unused.map((r) => verifyPassword(r.codeHash, typed)));
    const match = unused.find((_, i) => matches[i]);
    return match !== undefined && repo.spendRecoveryCode(db, match.id, now());
  }

  /** A key for an authenticator, sealed at rest, not in force until confirmed with a code. */
  async function start(agentId: number, siteId: number): Promise<TotpSetup> {
    const secret = newTotpSecret();
    const sealed = sealSecret(secretKey, totpBinding(agentId), secret);
    if (!(await repo.upsertPendingTotp(db, agentId, sealed))) {
      throw new ConflictError('totp_enrolled');
    }
    const [agent, site] = await Promise.all([
      authRepo.findAgent(db, agentId),
      authRepo.findSite(db, siteId),
    ]);
    return {
      Secret: secret,
      Uri: totpUri(secret, `${site?.name ?? 'Backline'}:${agent?.login ?? agentId}`),
    };
  }

  /**
   * Confirms the pending key with a code of it: from then on it is asked at every log-in. Answers
   * the recovery codes (shown once) or null when the code is wrong.
   */
  async function confirm(
    siteId: number,
    agentId: number,
    code: string,
    actor: { kind: 'agent' | 'public'; id: number | null },
  ): Promise<string[] | null> {
    const totp = await secretOf(agentId);
    if (!totp) throw new ConflictError('totp_not_started');
    if (totp.confirmedAt) throw new ConflictError('totp_enrolled');
    const at = now();
    const step = matchTotp(totp.secret, code, at);
    if (step === null) return null;
    const { codes, hashes } = await newRecoveryCodes();
    const done = await db.transaction(async (tx) => {
      if (!(await repo.takeTotpStep(tx, agentId, step, at))) return false;
      await repo.replaceRecoveryCodes(tx, agentId, hashes, at);
      await audit(tx, {
        siteId,
        actorKind: actor.kind,
        actorId: actor.id,
        action: 'second_step.enrolled',
        targetKind: 'agent',
        targetId: agentId,
        details: { method: 'totp' },
        at,
      });
      return true;
    });
    return done ? codes : null;
  }

  return { confirmed, takeCode, takeRecoveryCode, start, confirm };
}

export type TotpKeys = ReturnType<typeof createTotpKeys>;
