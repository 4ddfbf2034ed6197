// The log-in's second step (issue 20): after the password, an agent with an authenticator app or
// a passkey (or whose site requires one of an agent with a money right) gets a challenge, not a
// session; a code, a recovery code or a passkey (passkeys-service.ts, through openChallenge,
// completeSecondStep and failSecondStep) spends it and opens the session.
import type {
  LoginResponse,
  SecondStepMethod,
  SecondStepNeeded,
  TotpSetup,
} from '@backline/contract';
import type { Db } from '../db/query.ts';
import { ConflictError, TooManyRequestsError, UnauthorizedError } from '../errors.ts';
import { audit } from '../security/audit-repository.ts';
import { hit } from '../security/rate-limit.ts';
import { newToken, sha256 } from '../security/tokens.ts';
import * as authRepo from './auth-repository.ts';
import {
  deviceHash as hashOfDevice,
  recordLogin,
  requestPlace,
  type LoginMethod,
} from './login-events-repository.ts';
import * as repo from './second-step-repository.ts';
import { createTotpKeys } from './totp-keys.ts';

export type ChallengeRow = repo.ChallengeRow;

/** How long a challenge lives, and how many wrong answers it takes before it is dead. */
export const CHALLENGE_MS = 5 * 60_000;
export const CHALLENGE_ATTEMPTS = 5;
const PURPOSE = 'second_step';
/** Rights that move money: the site's policy asks a second step of an agent holding any. */
export const MONEY_RIGHTS = ['managePayments', 'enterAdjustments', 'freePlay'] as const;

/** Where a log-in came from and how the account proved itself, carried to the session row. */
export interface SignInOrigin {
  method: LoginMethod;
  /** The browser's device id (hashed before it is stored), or its hash when carried by a challenge. */
  deviceId?: string | null;
  deviceHash?: string | null;
}

export type OpenSession = (
  siteId: number,
  account: { kind: 'agent'; id: number; login: string; email: string; language: string },
  at: Date,
  how: SignInOrigin,
) => Promise<LoginResponse>;

export interface SecondStepDeps {
  db: Db;
  now: () => Date;
  /** The server key that seals the authenticator keys (config.platformSecretKey). */
  secretKey: Buffer;
  openSession: OpenSession;
  lockout: { after: number; ms: number };
  perAddress: number;
}

/** Whether the agent holds a money right in effect (every agent above holds it, none is view-only). */
export function holdsMoneyRight(chain: string[][]): boolean {
  if (chain.length === 0 || chain.some((l) => l.includes('viewOnly'))) return false;
  return MONEY_RIGHTS.some((r) => chain.every((l) => l.includes(r)));
}

export function createSecondStepService(deps: SecondStepDeps) {
  const { db, now, openSession, lockout } = deps;
  const keys = createTotpKeys(deps);

  /** The agent's ways to finish, and whether it must set one up now; null when none is owed. */
  async function owed(
    agentId: number,
    siteId: number,
  ): Promise<{ methods: SecondStepMethod[]; enrol: boolean } | null> {
    const [totp, passkeys] = await Promise.all([
      repo.selectTotp(db, agentId),
      repo.countPasskeys(db, agentId),
    ]);
    const methods: SecondStepMethod[] = [];
    if (totp?.confirmedAt) methods.push('totp', 'recovery');
    if (passkeys > 0) methods.push('passkey');
    if (methods.length > 0) return { methods, enrol: false };
    if (!(await repo.selectSitePolicy(db, siteId))) return null;
    if (!holdsMoneyRight(await repo.selectChainRights(db, agentId))) return null;
    return { methods: ['totp'], enrol: true };
  }

  /** A challenge for the second step: its token goes back once, only its hash is kept. */
  async function issueChallenge(
    siteId: number,
    agentId: number,
    wanted: { methods: SecondStepMethod[]; enrol: boolean },
    login: { keepInCookie: boolean; method: LoginMethod; deviceId: string | null },
    at: Date,
  ): Promise<SecondStepNeeded> {
    const token = newToken();
    const expiresAt = new Date(at.getTime() + CHALLENGE_MS);
    const deviceHash = hashOfDevice(login.deviceId);
    await repo.insertChallenge(db, {
      tokenHash: sha256(token),
      purpose: PURPOSE,
      siteId,
      agentId,
      keepInCookie: login.keepInCookie,
      method: login.method,
      ...requestPlace(),
      deviceHash,
      expiresAt,
      createdAt: at,
    });
    await record(siteId, agentId, at, 'second_step', login.method, deviceHash);
    return {
      SecondStep: {
        Challenge: token,
        Methods: wanted.methods,
        Enrol: wanted.enrol,
        ExpiresAt: expiresAt.toISOString(),
      },
    };
  }

  async function record(
    siteId: number,
    agentId: number,
    at: Date,
    outcome: 'second_step' | 'second_step_failed',
    method: LoginMethod,
    deviceHash: string | null,
  ) {
    await recordLogin(db, {
      siteId,
      account: { kind: 'agent', agentId },
      at,
      outcome,
      method,
      source: 'backline',
      ...requestPlace(),
      deviceId: null,
      deviceHash,
    });
  }

  /** The live second-step challenge of a token (unused, unexpired, tries left), or null. */
  async function openChallenge(token: string): Promise<ChallengeRow | null> {
    return repo.selectLiveChallenge(db, sha256(token), PURPOSE, now(), CHALLENGE_ATTEMPTS);
  }

  /** Keeps the WebAuthn challenge a passkey sign-in was given on the log-in's challenge. */
  async function storeWebauthnChallenge(row: ChallengeRow, challenge: string): Promise<void> {
    await repo.setWebauthnChallenge(db, row.id, challenge);
    row.webauthnChallenge = challenge;
  }

  /** A locked account answers as the log-in does: with the time left, nothing more. */
  function refuseLocked(lockedUntil: Date | null, at: Date) {
    if (lockedUntil && lockedUntil.getTime() > at.getTime()) {
      throw new TooManyRequestsError(
        Math.ceil((lockedUntil.getTime() - at.getTime()) / 1000),
        'wrong_credentials',
      );
    }
  }

  /**
   * The second step was passed: spends the challenge (once, whoever comes first) and opens the
   * session, with its log-in record and audit row. 401 when the challenge was spent meanwhile.
   */
  async function completeSecondStep(
    row: ChallengeRow,
    method: 'totp' | 'recovery' | 'passkey',
  ): Promise<LoginResponse> {
    const at = now();
    const agent = await authRepo.findAgent(db, row.agentId);
    if (!agent || !agent.active) throw new UnauthorizedError('second_step_expired');
    refuseLocked(agent.lockedUntil, at);
    if (!(await repo.spendChallenge(db, row.id, at))) {
      throw new UnauthorizedError('second_step_expired');
    }
    if (agent.failedLogins > 0 || agent.lockedUntil) {
      await authRepo.clearFailedLogins(db, 'agent', agent.id);
    }
    return openSession(row.siteId, { kind: 'agent', ...agent }, at, {
      method,
      deviceHash: row.deviceHash,
    });
  }

  /**
   * A wrong answer: counts against the challenge (dead after CHALLENGE_ATTEMPTS) and toward the
   * account's lockout, so a guesser holding the password cannot go on. Answers the tries left on
   * this challenge; the caller throws its own refusal.
   */
  async function failSecondStep(
    row: ChallengeRow,
    method: 'totp' | 'recovery' | 'passkey' = 'totp',
  ): Promise<{ triesLeft: number }> {
    const at = now();
    const attempts = await repo.countChallengeAttempt(db, row.id);
    await record(row.siteId, row.agentId, at, 'second_step_failed', method, row.deviceHash);
    const locked = await authRepo.countFailedLogin(
      db,
      'agent',
      row.agentId,
      at,
      lockout.after,
      lockout.ms,
    );
    if (locked) {
      await audit(db, {
        siteId: row.siteId,
        actorKind: 'public',
        actorId: null,
        action: 'account.locked',
        targetKind: 'agent',
        targetId: row.agentId,
        details: { failedLogins: lockout.after, minutes: lockout.ms / 60_000, step: 'second' },
      });
    }
    return { triesLeft: locked ? 0 : Math.max(0, CHALLENGE_ATTEMPTS - attempts) };
  }

  /**
   * The challenge of a second-step call (rate-limited per address), refused with 401 alike whether
   * unknown, used, expired or dead, and with 429 while the account is locked.
   */
  async function liveChallenge(token: string): Promise<ChallengeRow> {
    await hit(db, {
      key: `second-step:ip:${requestPlace().ip ?? ''}`,
      max: deps.perAddress,
      windowSeconds: 300,
    });
    const row = await openChallenge(token);
    if (!row) throw new UnauthorizedError('second_step_expired');
    const agent = await authRepo.findAgent(db, row.agentId);
    refuseLocked(agent?.lockedUntil ?? null, now());
    return row;
  }

  async function wrong(row: ChallengeRow, method: 'totp' | 'recovery'): Promise<never> {
    const { triesLeft } = await failSecondStep(row, method);
    if (triesLeft === 0) throw new UnauthorizedError('second_step_expired');
    throw new UnauthorizedError('second_step_code_wrong', { tries: triesLeft });
  }

  /** LoginSecondStep: an authenticator code or a recovery code finishes the log-in. */
  async function loginSecondStep(input: {
    Challenge: string;
    Code?: string | undefined;
    RecoveryCode?: string | undefined;
  }): Promise<{ session: LoginResponse; keepInCookie: boolean }> {
    const row = await liveChallenge(input.Challenge);
    const method = input.Code ? 'totp' : 'recovery';
    if (!(await keys.confirmed(row.agentId))) {
      // Nothing set up yet under a policy that requires it: the client sets an app up first.
      if ((await owed(row.agentId, row.siteId))?.enrol) {
        throw new ConflictError('second_step_enrol_first');
      }
      // A passkey is its only way: no code can be right.
      return wrong(row, method);
    }
    const passed = input.Code
      ? await keys.takeCode(row.agentId, input.Code)
      : await keys.takeRecoveryCode(row.agentId, input.RecoveryCode ?? '');
    if (!passed) return wrong(row, method);
    const session = await completeSecondStep(row, method);
    return { session, keepInCookie: row.keepInCookie };
  }

  /**
   * A log-in's challenge may set an authenticator up only while the site requires a second step
   * the agent has none of: an agent with a passkey (or an app) proves itself with it, or a thief
   * holding the password would enrol an app of its own and walk past the passkey.
   */
  async function enrolling(token: string): Promise<ChallengeRow> {
    const row = await liveChallenge(token);
    if (!(await owed(row.agentId, row.siteId))?.enrol) {
      throw new ConflictError('second_step_enrolled');
    }
    return row;
  }

  /** LoginTotpStart: the site requires a second step the agent has not set up: a key for it. */
  async function loginTotpStart(input: { Challenge: string }): Promise<TotpSetup> {
    const row = await enrolling(input.Challenge);
    return keys.start(row.agentId, row.siteId);
  }

  /** LoginTotpConfirm: the first code of the new key confirms it and finishes the log-in. */
  async function loginTotpConfirm(input: { Challenge: string; Code: string }): Promise<{
    session: LoginResponse;
    keepInCookie: boolean;
    recoveryCodes: string[];
  }> {
    const row = await enrolling(input.Challenge);
    const codes = await keys.confirm(row.siteId, row.agentId, input.Code, {
      kind: 'agent',
      id: row.agentId,
    });
    if (!codes) return wrong(row, 'totp');
    const session = await completeSecondStep(row, 'totp');
    return { session, keepInCookie: row.keepInCookie, recoveryCodes: codes };
  }

  return {
    owed,
    issueChallenge,
    openChallenge,
    liveChallenge,
    storeWebauthnChallenge,
    completeSecondStep,
    failSecondStep,
    loginSecondStep,
    loginTotpStart,
    loginTotpConfirm,
    keys,
  };
}

export type SecondStepService = ReturnType<typeof createSecondStepService>;
