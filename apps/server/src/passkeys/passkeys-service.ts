// The rules of agents' passkeys (issue 20 item 2): a signed-in agent adds, names and removes its
// own (never a sub-agent's, even acting for one). A registration's challenge is single-use, bound to
// its session and kept in the database, so any process can finish it.
import { generateRegistrationOptions, verifyRegistrationResponse } from '@simplewebauthn/server';
import {
  type Passkey,
  type PasskeyCreationOptions,
  type api,
  type ParsedBodyOf,
} from '@backline/contract';
import type { AgentAuth } from '../auth/auth-context.ts';
import { findAgent } from '../auth/auth-repository.ts';
import { verifyPassword } from '../auth/password.ts';
import { selectChainRights, selectSitePolicy, selectTotp } from '../auth/second-step-repository.ts';
import { holdsMoneyRight } from '../auth/second-step-service.ts';
import type { Clock } from '../clock.ts';
import type { Db, Executor } from '../db/query.ts';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  UnauthorizedError,
  ValidationError,
} from '../errors.ts';
import { auditAgent } from '../security/audit-repository.ts';
import { hit } from '../security/rate-limit.ts';
import { newToken, sha256 } from '../security/tokens.ts';
import * as repo from './passkeys-repository.ts';
import {
  CEREMONY_TIMEOUT_MS,
  descriptor,
  KEY_ALGORITHMS,
  knownTransports,
  originsFor,
  type RelyingParty,
} from './relying-party.ts';

const REGISTRATION_MS = 5 * 60_000;
/** Wrong passwords a session may give in 15 minutes (counted with the second step's other proofs). */
const PROOF_TRIES = 10;

const iso = (d: Date | string) => new Date(d).toISOString();

function passkeyOf(row: repo.PasskeyDbRow): Passkey {
  return {
    IdPasskey: row.id,
    Name: row.name,
    CreatedAt: iso(row.created_at),
    LastUsedAt: row.last_used_at === null ? null : iso(row.last_used_at),
  };
}

/** The audit row of a passkey the signed-in agent added to or removed from its own account. */
function auditPasskey(
  ex: Executor,
  auth: AgentAuth,
  action: 'passkey.added' | 'passkey.removed',
  row: { id: number; name: string },
  at: Date,
) {
  return auditAgent(ex, auth, {
    action,
    targetKind: 'agent',
    targetId: auth.selfAgentId,
    details: { passkey: row.id, name: row.name },
    at,
  });
}

/**
 * Whether removing the agent's last passkey would leave it without the second step its site
 * requires of it: the policy is on, it holds a money right, and it has no authenticator app.
 */
async function lastRequiredMethod(ex: Executor, agentId: number, siteId: number) {
  if (!(await selectSitePolicy(ex, siteId))) return false;
  if (!holdsMoneyRight(await selectChainRights(ex, agentId))) return false;
  return !(await selectTotp(ex, agentId))?.confirmedAt;
}

export function createPasskeysService({ db, now, rp }: { db: Db; now: Clock; rp: RelyingParty }) {
  /** The agent itself is at the keyboard: its password, as removing the authenticator app asks. */
  async function proveSelf(auth: AgentAuth, password: string) {
    const id = auth.selfAgentId;
    await hit(db, { key: `second-step-proof:${id}`, max: PROOF_TRIES, windowSeconds: 900 });
    const agent = await findAgent(db, id);
    if (!(await verifyPassword(agent?.passwordHash ?? null, password))) {
      throw new ForbiddenError('proof_wrong');
    }
  }

  async function list(auth: AgentAuth): Promise<{ Passkeys: Passkey[] }> {
    const rows = await repo.selectPasskeys(db, auth.selfAgentId);
    return { Passkeys: rows.map(passkeyOf) };
  }

  async function registrationOptions(
    auth: AgentAuth,
  ): Promise<{ Challenge: string; Options: PasskeyCreationOptions }> {
    const [agent, existing] = await Promise.all([
      findAgent(db, auth.selfAgentId),
      repo.selectPasskeys(db, auth.selfAgentId),
    ]);
    if (!agent) throw new UnauthorizedError();
    const options = await generateRegistrationOptions({
      rpName: rp.rpName,
      rpID: rp.rpId,
      userName: agent.login,
      userDisplayName: agent.name,
      // Stable per agent, so an authenticator keeps one passkey of it; no name or e-mail in it.
      userID: new TextEncoder().encode(`agent:${agent.id}`),
      timeout: CEREMONY_TIMEOUT_MS,
      attestationType: 'none',
      excludeCredentials: existing.map(descriptor),
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
      supportedAlgorithmIDs: KEY_ALGORITHMS,
    });
    const token = newToken();
    const at = now();
    await repo.insertRegistrationChallenge(db, {
      tokenHash: sha256(token),
      siteId: auth.siteId,
      agentId: auth.selfAgentId,
      sessionId: auth.sessionId,
      webauthnChallenge: options.challenge,
      expiresAt: new Date(at.getTime() + REGISTRATION_MS),
      at,
    });
    // The library types transports as any string: the contract's list is the known ones.
    return {
      Challenge: token,
      Options: { ...options, excludeCredentials: existing.map(descriptor) },
    };
  }

  async function register(
    auth: AgentAuth,
    input: ParsedBodyOf<typeof api.registerPasskey>,
  ): Promise<Passkey> {
    const at = now();
    const expectedChallenge = await repo.spendRegistrationChallenge(db, {
      tokenHash: sha256(input.Challenge),
      agentId: auth.selfAgentId,
      sessionId: auth.sessionId,
      at,
    });
    if (!expectedChallenge) throw new ValidationError('passkey_request_expired');
    const refused = () => new ValidationError('passkey_refused');
    const origins = await originsFor(db, rp, auth.siteId, input.Response.response.clientDataJSON);
    if (!origins) throw refused();
    const verified = await verifyRegistrationResponse({
      response: input.Response,
      expectedChallenge,
      expectedOrigin: origins.origin,
      expectedRPID: rp.rpId,
      requireUserVerification: false,
      supportedAlgorithmIDs: KEY_ALGORITHMS,
    }).catch(() => ({ verified: false as const }));
    if (!verified.verified) throw refused();
    const { credential } = verified.registrationInfo;

    return db.transaction(async (tx) => {
      const row = await repo.insertPasskey(tx, {
        agentId: auth.selfAgentId,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: knownTransports(input.Response.response.transports),
        name: input.Name,
        at,
      });
      if (!row) throw new ConflictError('passkey_registered');
      await auditPasskey(tx, auth, 'passkey.added', row, at);
      return passkeyOf(row);
    });
  }

  async function rename(
    auth: AgentAuth,
    input: ParsedBodyOf<typeof api.renamePasskey>,
  ): Promise<Passkey> {
    const row = await repo.renamePasskey(db, auth.selfAgentId, input.IdPasskey, input.Name);
    if (!row) throw new NotFoundError('passkey_not_found', { passkey: input.IdPasskey });
    return passkeyOf(row);
  }

  async function remove(
    auth: AgentAuth,
    input: ParsedBodyOf<typeof api.removePasskey>,
  ): Promise<{ Ok: true }> {
    await proveSelf(auth, input.Password);
    const at = now();
    await db.transaction(async (tx) => {
      // Locked, so two removals at once cannot both leave the agent without a second step.
      const rows = await repo.selectPasskeys(tx, auth.selfAgentId, { lock: true });
      const row = rows.find((r) => r.id === input.IdPasskey);
      if (!row) throw new NotFoundError('passkey_not_found', { passkey: input.IdPasskey });
      if (rows.length === 1 && (await lastRequiredMethod(tx, auth.selfAgentId, auth.siteId))) {
        throw new ConflictError('second_step_last_method');
      }
      await repo.deletePasskey(tx, auth.selfAgentId, row.id);
      await auditPasskey(tx, auth, 'passkey.removed', row, at);
    });
    return { Ok: true };
  }

  return { list, registrationOptions, register, rename, remove };
}

export type PasskeysService = ReturnType<typeof createPasskeysService>;
