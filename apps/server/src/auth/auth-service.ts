// Log-in, sessions and who the caller is. Sessions live in the database so any process can serve them.
import {
  parseAuthorizationHeader,
  RIGHTS,
  TokenFormatError,
  type AgentLoginResponse,
  type Language,
  type LoginAnswer,
  type LoginResponse,
  type Right,
  type TokenCredentials,
  type api,
  type ParsedBodyOf,
} from '@backline/contract';
import type { Db, Executor } from '../db/query.ts';
import {
  ForbiddenError,
  NotFoundError,
  TooManyRequestsError,
  UnauthorizedError,
} from '../errors.ts';
import { audit, auditAgent } from '../security/audit-repository.ts';
import { check, count, forget, hit } from '../security/rate-limit.ts';
import { newToken, safeEqual, sha256 } from '../security/tokens.ts';
import type { AgentAuth, Auth } from './auth-context.ts';
import * as repo from './auth-repository.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { revokeSessionsOf, setPasswordHash } from '../accounts/accounts-repository.ts';
import { recordLogin, requestPlace, type LoginOutcome } from './login-events-repository.ts';
import { createSecondStepService, type SignInOrigin } from './second-step-service.ts';
import { checkNewPassword } from '../accounts/password-policy.ts';

const MUTATING_RIGHTS: readonly Right[] = [
  'deleteWagers',
  'changePasswords',
  'managePayments',
  'enterAdjustments',
  'manageAgents',
  'managePlayers',
  'setLimits',
  'freePlay',
  'messagePlayers',
];
/** Sessions are touched at most this often, so reads do not turn into a write per request. */
const TOUCH_EVERY_MS = 30_000;
const LOGIN_TOKEN_MS = 2 * 60_000;
/** Failed log-ins in a row that lock an account, and for how long (docs/decisions/004-lockout.md). */
export const LOCKOUT_AFTER = 5;
export const LOCKOUT_MS = 15 * 60_000;

export interface AuthServiceDeps {
  db: Db;
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  loginLimits: { perAddress: number; perAccount: number };
  /** The server key that seals agents' authenticator keys (config.platformSecretKey). */
  secretKey: Buffer;
  now?: () => Date;
}

/** Whole seconds from `at` until `until`, never below zero. */
export function secondsLeft(until: Date, at: Date): number {
  return Math.max(0, Math.floor((until.getTime() - at.getTime()) / 1000));
}

export function createAuthService({
  db,
  sessionIdleMs,
  sessionAbsoluteMs,
  loginLimits,
  secretKey,
  now = () => new Date(),
}: AuthServiceDeps) {
  const secondStep = createSecondStepService({
    db,
    now,
    secretKey,
    openSession,
    lockout: { after: LOCKOUT_AFTER, ms: LOCKOUT_MS },
    perAddress: loginLimits.perAddress,
  });

  /** A log-in tried, in the log-in record, from where the request came. */
  async function recordAttempt(
    ex: Executor,
    siteId: number,
    account: { kind: 'agent'; agentId: number } | { kind: 'player'; playerId: number },
    at: Date,
    outcome: LoginOutcome,
    how: SignInOrigin,
  ) {
    await recordLogin(ex, {
      siteId,
      account,
      at,
      outcome,
      method: how.method,
      source: 'backline',
      ...requestPlace(),
      deviceId: how.deviceId ?? null,
      ...(how.deviceHash !== undefined ? { deviceHash: how.deviceHash } : {}),
    });
  }

  async function login(
    input: ParsedBodyOf<typeof api.login>,
    address: string,
    requestId = '',
  ): Promise<LoginAnswer> {
    const login = input.Player.trim();
    await hit(db, { key: `login:ip:${address}`, max: loginLimits.perAddress, windowSeconds: 300 });

    const at = now();
    const site = await repo.findSite(db, input.SiteId);
    // An agent may log in with its e-mail as well as its login: the e-mail is what its Token carries.
    const agent = site
      ? ((await repo.findAgentBy(db, site.id, 'login', login)) ??
        (login.includes('@') ? await repo.findAgentBy(db, site.id, 'email', login) : null))
      : null;
    const player = site && !agent ? await repo.findPlayerByLogin(db, site.id, login) : null;
    const account = agent ?? player;
    const kind = agent ? 'agent' : 'player';
    const how: SignInOrigin = {
      method: input.Token ? 'token' : 'password',
      deviceId: input.Device ?? null,
    };
    const whose = (id: number) =>
      agent ? { kind: 'agent' as const, agentId: id } : { kind: 'player' as const, playerId: id };

    // Only failures count against the account (by its login, whichever name was typed): an agent
    // who reloads and logs in again all day is never refused, while a guesser meets the limit.
    const accountLimit = {
      key: `login:account:${input.SiteId}:${(account?.login ?? login).toLowerCase()}`,
      max: loginLimits.perAccount,
      windowSeconds: 900,
    };
    await check(db, accountLimit);

    // A locked account answers like a wrong password, with the time left: checking the password
    // here would let a guesser go on learning from it.
    if (account?.lockedUntil && account.lockedUntil.getTime() > at.getTime()) {
      if (site) await recordAttempt(db, site.id, whose(account.id), at, 'locked', how);
      const seconds = Math.ceil((account.lockedUntil.getTime() - at.getTime()) / 1000);
      throw new TooManyRequestsError(seconds, 'wrong_credentials');
    }

    let ok: boolean;
    if (input.Token) {
      const handed = site
        ? await repo.consumeLoginToken(db, sha256(input.Token), site.id, at)
        : null;
      ok =
        handed !== null &&
        account !== null &&
        handed.login.toLowerCase() === account.login.toLowerCase();
    } else {
      ok = await verifyPassword(account?.passwordHash ?? null, input.Password ?? '');
    }
    if (!ok && account && site) {
      const locked = await repo.countFailedLogin(
        db,
        kind,
        account.id,
        at,
        LOCKOUT_AFTER,
        LOCKOUT_MS,
      );
      if (locked) {
        await audit(db, {
          siteId: site.id,
          actorKind: 'public',
          actorId: null,
          action: 'account.locked',
          targetKind: kind,
          targetId: account.id,
          address,
          requestId,
          details: { failedLogins: LOCKOUT_AFTER, minutes: LOCKOUT_MS / 60_000 },
        });
      }
    }
    if (!ok || !account || !account.active || !site) {
      if (account && site) {
        await recordAttempt(db, site.id, whose(account.id), at, 'wrong_credentials', how);
      }
      await count(db, accountLimit);
      throw new UnauthorizedError('wrong_credentials');
    }
    // An agent with an authenticator or a passkey, or whose site requires one, owes a second step.
    // Its failures in a row are cleared only once that is passed too: a guesser holding the
    // password must not wipe its count of wrong codes by logging in again.
    const owed = agent ? await secondStep.owed(agent.id, site.id) : null;
    if (!owed) {
      await forget(db, accountLimit.key);
      if (account.failedLogins > 0 || account.lockedUntil) {
        await repo.clearFailedLogins(db, kind, account.id);
      }
    }
    if (agent && owed) {
      return secondStep.issueChallenge(
        site.id,
        agent.id,
        owed,
        {
          keepInCookie: input.KeepInCookie ?? false,
          method: how.method,
          deviceId: how.deviceId ?? null,
        },
        at,
      );
    }
    return openSession(
      site.id,
      agent ? { kind: 'agent', ...agent } : { kind: 'player', ...account },
      at,
      how,
    );
  }

  /** A new session of an account: the token goes back once, only its hash is kept. */
  async function openSession(
    siteId: number,
    account: {
      kind: 'agent' | 'player';
      id: number;
      login: string;
      email?: string | null;
      language: string;
    },
    at: Date,
    how: SignInOrigin,
  ): Promise<LoginResponse> {
    const token = newToken();
    const idleExpiresAt = new Date(at.getTime() + sessionIdleMs);
    const absoluteExpiresAt = new Date(at.getTime() + sessionAbsoluteMs);
    const principal = account.kind === 'agent' ? account.email! : account.login;
    const whose =
      account.kind === 'agent'
        ? { kind: 'agent' as const, agentId: account.id }
        : { kind: 'player' as const, playerId: account.id };
    // The session, its log-in record and its audit row are written together or not at all.
    await db.transaction(async (tx) => {
      await repo.insertSession(tx, {
        tokenHash: sha256(token),
        siteId,
        kind: account.kind,
        agentId: account.kind === 'agent' ? account.id : null,
        playerId: account.kind === 'player' ? account.id : null,
        principal,
        createdAt: at,
        lastSeenAt: at,
        idleExpiresAt,
        absoluteExpiresAt,
        csrfToken: newToken(),
        ...requestPlace(),
        method: how.method,
      });
      await recordAttempt(tx, siteId, whose, at, 'ok', how);
      await audit(tx, {
        siteId,
        actorKind: account.kind,
        actorId: account.id,
        action: 'login',
        targetKind: account.kind,
        targetId: account.id,
        details: { method: how.method },
        at,
      });
    });
    return {
      Kind: account.kind,
      Player: account.login,
      UserEmail: principal,
      Token: token,
      SiteId: siteId,
      Language: account.language as Language,
      IdleExpiresAt: idleExpiresAt.toISOString(),
      AbsoluteExpiresAt: absoluteExpiresAt.toISOString(),
    };
  }

  /**
   * An e-mailed access link sets the password and logs in: the link's one-time token is the proof
   * of the mailbox, so no e-mailed code is asked (an agent's second step still is). The token is
   * spent only when the password is taken.
   */
  async function setPasswordByLink(
    input: ParsedBodyOf<typeof api.setPasswordByLink>,
    address: string,
    requestId: string,
  ): Promise<LoginAnswer> {
    await hit(db, { key: `link:ip:${address}`, max: 30, windowSeconds: 900 });
    const at = now();
    const site = await repo.findSite(db, input.SiteId);
    const login = input.Player.trim();
    const agent = site ? await repo.findAgentBy(db, site.id, 'login', login) : null;
    const player = site && !agent ? await repo.findPlayerByLogin(db, site.id, login) : null;
    const account = agent ?? player;
    const dead = () => new UnauthorizedError('link_expired');
    const link = site ? await repo.findLoginToken(db, sha256(input.Token), site.id, at) : null;
    if (
      !site ||
      !account ||
      !account.active ||
      link?.login.toLowerCase() !== account.login.toLowerCase()
    ) {
      throw dead();
    }
    // Checked only for a live link (so it tells a stranger nothing about an account) and before
    // the token is spent, so a refused password leaves the link usable.
    await checkNewPassword(input.NewPassword, account.passwordHash, 'NewPassword', [
      account.login,
      account.email,
    ]);
    const passwordHash = await hashPassword(input.NewPassword);
    const kind = agent ? 'agent' : 'player';
    await db.transaction(async (tx) => {
      const handed = await repo.consumeLoginToken(tx, sha256(input.Token), site.id, at);
      if (!handed || handed.login.toLowerCase() !== account.login.toLowerCase()) throw dead();
      await setPasswordHash(tx, kind, account.id, passwordHash);
      // A new password ends every session the old one opened (the new session opens after).
      const ended = await revokeSessionsOf(tx, kind, account.id, at, null);
      await audit(tx, {
        siteId: site.id,
        actorKind: kind,
        actorId: account.id,
        action: 'password.changed',
        targetKind: kind,
        targetId: account.id,
        address,
        requestId,
        details: { by: 'access-link', sessionsEnded: ended },
      });
    });
    // The link proves the mailbox, not the second factor: an agent that owes one still gives it.
    const owed = agent ? await secondStep.owed(agent.id, site.id) : null;
    if (agent && owed) {
      return secondStep.issueChallenge(
        site.id,
        agent.id,
        owed,
        { keepInCookie: input.KeepInCookie ?? false, method: 'link', deviceId: null },
        at,
      );
    }
    return openSession(site.id, { kind, ...account }, at, { method: 'link' });
  }

  function credentials(header: string): TokenCredentials {
    try {
      return parseAuthorizationHeader(header);
    } catch (e) {
      if (e instanceof TokenFormatError) throw new UnauthorizedError('token_malformed');
      throw e;
    }
  }

  /**
   * Rights of the view agent capped by every agent above it; "viewOnly" is a restriction, so it
   * holds when any agent of the chain has it, and then no right that changes anything remains.
   */
  function effectiveRights(chain: string[][]): Set<Right> {
    const rights = new Set<Right>(
      RIGHTS.filter((r) => r !== 'viewOnly' && chain.every((l) => l.includes(r))),
    );
    if (chain.some((l) => l.includes('viewOnly'))) {
      rights.add('viewOnly');
      for (const r of MUTATING_RIGHTS) rights.delete(r);
    }
    return rights;
  }

  async function resolve(header: string | undefined): Promise<Auth> {
    if (!header) throw new UnauthorizedError();
    const creds = credentials(header);
    const at = now();
    const actAs = creds.kind === 'agentSite' && creds.actAs !== 0 ? creds.actAs : null;
    const session = await repo.resolveSession(db, sha256(creds.token), at, actAs);
    if (!session) throw new UnauthorizedError('session_ended');

    const matches =
      creds.kind === 'player'
        ? session.kind === 'player' &&
          creds.siteId === session.site_id &&
          creds.player.toLowerCase() === session.principal.toLowerCase()
        : session.kind === 'agent' &&
          creds.email.toLowerCase() === session.principal.toLowerCase() &&
          (creds.kind === 'agent' || creds.siteId === session.site_id);
    if (!matches) throw new UnauthorizedError('token_mismatch');
    if (session.kind === 'agent' && session.view_id === null) {
      throw new ForbiddenError('agent_outside_tree', { agent: actAs ?? 0 });
    }

    const lastSeen = new Date(session.last_seen_at).getTime();
    let idleExpiresAt = new Date(session.idle_expires_at);
    if (at.getTime() - lastSeen > TOUCH_EVERY_MS) {
      idleExpiresAt = await touch(session.id, at, session.absolute_expires_at);
    }

    const common = {
      sessionId: session.id,
      siteId: session.site_id,
      principal: session.principal,
      rights: effectiveRights((session.chain_rights ?? []).map((l) => (l ? l.split(',') : []))),
      timeZone: session.time_zone,
      siteCurrency: session.currency,
      idleSecondsLeft: secondsLeft(idleExpiresAt, at),
    };
    if (session.kind === 'player' && session.player_id !== null) {
      return { ...common, kind: 'player', playerId: session.player_id };
    }
    // The view agent is found through the session's own agent, so an agent session has both.
    if (
      session.kind === 'agent' &&
      session.agent_id !== null &&
      session.view_id !== null &&
      session.view_login !== null &&
      session.view_name !== null
    ) {
      return {
        ...common,
        kind: 'agent',
        agentId: session.view_id,
        agentLogin: session.view_login,
        agentName: session.view_name,
        selfAgentId: session.agent_id,
      };
    }
    throw new Error(`session ${session.id} names no account of its kind`);
  }

  /** Moves the idle expiry on from `at`, never past the absolute one; answers the new expiry. */
  async function touch(id: number, at: Date, absoluteExpiresAt: Date | string): Promise<Date> {
    const idle = new Date(
      Math.min(at.getTime() + sessionIdleMs, new Date(absoluteExpiresAt).getTime()),
    );
    await repo.touchSession(db, id, at, idle);
    return idle;
  }

  /**
   * The agent chose to stay signed in: the idle expiry moves on now, even within the half minute
   * in which an ordinary call leaves it be. Answers how many seconds the session has from now.
   */
  async function keepAlive(auth: Auth): Promise<{ IdleExpiresInSeconds: number }> {
    const at = now();
    const absolute = await repo.sessionAbsoluteExpiry(db, auth.sessionId);
    if (!absolute) throw new UnauthorizedError();
    const idle = await touch(auth.sessionId, at, absolute);
    auth.idleSecondsLeft = secondsLeft(idle, at);
    return { IdleExpiresInSeconds: auth.idleSecondsLeft };
  }

  async function agentLogin(auth: AgentAuth): Promise<AgentLoginResponse> {
    const [agent, self, site] = await Promise.all([
      repo.findAgent(db, auth.agentId),
      repo.findAgent(db, auth.selfAgentId),
      repo.findSite(db, auth.siteId),
    ]);
    if (!agent || !self || !site) throw new UnauthorizedError();
    // The signed-in agent opens a sub-agent's view: the audit names both (acting_for is the view).
    if (auth.agentId !== auth.selfAgentId) {
      await auditAgent(db, auth, {
        action: 'agent.act-as',
        targetKind: 'agent',
        targetId: auth.agentId,
        at: now(),
      });
    }
    const summary = (a: typeof agent) => ({
      IdAgent: a.id,
      Login: a.login,
      Name: a.name,
      IdParent: a.parentId,
      Depth: a.depth,
    });
    const rights = [...auth.rights];
    return {
      Agent: {
        ...summary(agent),
        Email: agent.email,
        Currency: agent.currency,
        Language: agent.language as Language,
      },
      Self: summary(self),
      Site: { SiteId: site.id, Name: site.name, TimeZone: site.timeZone, Currency: site.currency },
      Products: [
        { Code: 'sports', Name: 'Sportsbook' },
        ...(rights.includes('seeCasino') ? [{ Code: 'casino', Name: 'Casino' }] : []),
        { Code: 'horses', Name: 'Racebook' },
        { Code: 'rbl', Name: 'RBL' },
      ],
      Rights: rights,
    };
  }

  /** A one-time log-in token for an account of the site whose key is presented. */
  async function issueLoginToken(
    input: ParsedBodyOf<typeof api.issueLoginToken>,
    siteKey: string,
    address: string,
  ): Promise<{ Token: string; ExpiresAt: string }> {
    await hit(db, { key: `login-token:ip:${address}`, max: 120, windowSeconds: 60 });
    const site = await repo.findSite(db, input.SiteId);
    if (!siteKey || !site?.apiKeyHash || !safeEqual(sha256(siteKey), site.apiKeyHash)) {
      throw new UnauthorizedError('wrong_site_key');
    }
    const login = input.Player.trim();
    const account =
      (await repo.findAgentBy(db, site.id, 'login', login)) ??
      (await repo.findPlayerByLogin(db, site.id, login));
    if (!account || !account.active) throw new NotFoundError('account_not_found', { login });
    const token = newToken();
    const expiresAt = new Date(now().getTime() + LOGIN_TOKEN_MS);
    await repo.insertLoginToken(db, {
      tokenHash: sha256(token),
      siteId: site.id,
      login: account.login,
      expiresAt,
    });
    return { Token: token, ExpiresAt: expiresAt.toISOString() };
  }

  /** The live session of a token kept in the cookie, its idle expiry moved on as by any call. */
  async function resume(token: string): Promise<LoginResponse | null> {
    const at = now();
    const row = await repo.findLiveSession(db, sha256(token), at);
    if (!row) return null;
    const absoluteExpiresAt = new Date(row.absolute_expires_at);
    const idleExpiresAt = new Date(
      Math.min(at.getTime() + sessionIdleMs, absoluteExpiresAt.getTime()),
    );
    await repo.touchSession(db, row.id, at, idleExpiresAt);
    return {
      Kind: row.kind === 'agent' ? 'agent' : 'player',
      Player: row.login,
      UserEmail: row.principal,
      Token: token,
      SiteId: row.site_id,
      Language: row.language as Language,
      IdleExpiresAt: idleExpiresAt.toISOString(),
      AbsoluteExpiresAt: absoluteExpiresAt.toISOString(),
    };
  }

  async function logout(auth: Auth): Promise<void> {
    const at = now();
    await repo.revokeSession(db, auth.sessionId, at);
    const actorId = auth.kind === 'agent' ? auth.selfAgentId : auth.playerId;
    await audit(db, {
      siteId: auth.siteId,
      actorKind: auth.kind,
      actorId,
      action: 'logout',
      targetKind: auth.kind,
      targetId: actorId,
      at,
    });
  }

  return {
    login,
    resolve,
    agentLogin,
    issueLoginToken,
    setPasswordByLink,
    resume,
    logout,
    keepAlive,
    secondStep,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
