// The signed-in agent's own second step (its authenticator and recovery codes), the parent's reset
// of a sub-agent that lost its device, and the site's policy set by its master agent (issue 20).
import type { api, ParsedBodyOf, SecondStepStatus, TotpSetup } from '@backline/contract';
import type { Db } from '../db/query.ts';
import { agentInScope } from '../agents/scope.ts';
import { ConflictError, ForbiddenError, ValidationError } from '../errors.ts';
import { auditAgent } from '../security/audit-repository.ts';
import { hit } from '../security/rate-limit.ts';
import type { AgentAuth } from './auth-context.ts';
import * as authRepo from './auth-repository.ts';
import { verifyPassword } from './password.ts';
import * as repo from './second-step-repository.ts';
import { holdsMoneyRight, type SecondStepService } from './second-step-service.ts';
import { newRecoveryCodes } from './totp-keys.ts';

/** The site's policy as the wire carries it. */
interface Policy {
  RequireSecondStep: boolean;
}

export interface SecondStepSettingsDeps {
  db: Db;
  now: () => Date;
  secondStep: SecondStepService;
}

/** Wrong proofs (a code or the password) a session may give in 15 minutes. */
const PROOF_TRIES = 10;

export function createSecondStepSettingsService({ db, now, secondStep }: SecondStepSettingsDeps) {
  /** Whether the site's policy applies to the agent: the site requires it and it moves money. */
  async function requiredOf(agentId: number, siteId: number) {
    const siteRequires = await repo.selectSitePolicy(db, siteId);
    const required = siteRequires && holdsMoneyRight(await repo.selectChainRights(db, agentId));
    return { siteRequires, required };
  }

  async function isMaster(auth: AgentAuth): Promise<boolean> {
    const agent = await authRepo.findAgent(db, auth.agentId);
    return agent !== null && agent.parentId === null;
  }

  // One's own second step is one's own, also in a sub-agent's view: the calls below act on the
  // agent signed in (selfAgentId), never on the one it acts for.
  async function status(auth: AgentAuth): Promise<SecondStepStatus> {
    const id = auth.selfAgentId;
    const [totp, left, passkeys, policy, master] = await Promise.all([
      repo.selectTotp(db, id),
      repo.countRecoveryCodesLeft(db, id),
      repo.countPasskeys(db, id),
      requiredOf(id, auth.siteId),
      isMaster(auth),
    ]);
    return {
      Totp: Boolean(totp?.confirmedAt),
      RecoveryCodesLeft: totp?.confirmedAt ? left : 0,
      Passkeys: passkeys,
      Required: policy.required,
      SiteRequires: policy.siteRequires,
      Master: master,
    };
  }

  async function startTotp(auth: AgentAuth): Promise<TotpSetup> {
    return secondStep.keys.start(auth.selfAgentId, auth.siteId);
  }

  async function confirmTotp(
    auth: AgentAuth,
    input: ParsedBodyOf<typeof api.confirmTotp>,
  ): Promise<{ RecoveryCodes: string[] }> {
    await hit(db, {
      key: `totp-confirm:${auth.selfAgentId}`,
      max: PROOF_TRIES,
      windowSeconds: 900,
    });
    const codes = await secondStep.keys.confirm(auth.siteId, auth.selfAgentId, input.Code, {
      kind: 'agent',
      id: auth.selfAgentId,
    });
    if (!codes) throw new ValidationError('totp_code_wrong', { field: 'Code' });
    return { RecoveryCodes: codes };
  }

  /** The agent itself is at the keyboard: a current code of its authenticator, or its password. */
  async function prove(
    auth: AgentAuth,
    input: { Code?: string | undefined; Password?: string | undefined },
  ) {
    const id = auth.selfAgentId;
    await hit(db, { key: `second-step-proof:${id}`, max: PROOF_TRIES, windowSeconds: 900 });
    if (input.Code) {
      if (await secondStep.keys.takeCode(id, input.Code)) return;
    } else {
      const agent = await authRepo.findAgent(db, id);
      if (await verifyPassword(agent?.passwordHash ?? null, input.Password ?? '')) return;
    }
    throw new ForbiddenError('proof_wrong');
  }

  async function removeTotp(auth: AgentAuth, input: ParsedBodyOf<typeof api.removeTotp>) {
    const id = auth.selfAgentId;
    const totp = await repo.selectTotp(db, id);
    if (!totp?.confirmedAt) throw new ConflictError('totp_none');
    await prove(auth, input);
    const [policy, passkeys] = await Promise.all([
      requiredOf(id, auth.siteId),
      repo.countPasskeys(db, id),
    ]);
    if (policy.required && passkeys === 0) throw new ConflictError('second_step_last_method');
    const at = now();
    await db.transaction(async (tx) => {
      await repo.deleteTotp(tx, id);
      await auditAgent(tx, auth, {
        action: 'second_step.removed',
        targetKind: 'agent',
        targetId: id,
        details: { method: 'totp' },
        at,
      });
    });
    return { Ok: true as const };
  }

  async function renewRecoveryCodes(
    auth: AgentAuth,
    input: ParsedBodyOf<typeof api.renewRecoveryCodes>,
  ): Promise<{ RecoveryCodes: string[] }> {
    const id = auth.selfAgentId;
    const totp = await repo.selectTotp(db, id);
    if (!totp?.confirmedAt) throw new ConflictError('totp_none');
    await prove(auth, input);
    const { codes, hashes } = await newRecoveryCodes();
    const at = now();
    await db.transaction(async (tx) => {
      await repo.replaceRecoveryCodes(tx, id, hashes, at);
      await auditAgent(tx, auth, {
        action: 'recovery_codes.renewed',
        targetKind: 'agent',
        targetId: id,
        at,
      });
    });
    return { RecoveryCodes: codes };
  }

  /**
   * A parent removes a sub-agent's authenticator, recovery codes and passkeys (it lost its
   * device) and ends its sessions: at its next log-in it sets a second step up again.
   */
  async function resetAgent(auth: AgentAuth, input: ParsedBodyOf<typeof api.resetAgentSecondStep>) {
    if (input.IdAgent === auth.agentId || input.IdAgent === auth.selfAgentId) {
      throw new ForbiddenError('own_second_step_elsewhere');
    }
    const target = await agentInScope(db, auth, input.IdAgent);
    const at = now();
    await db.transaction(async (tx) => {
      const totp = await repo.selectTotp(tx, target.id);
      const passkeys = await repo.countPasskeys(tx, target.id);
      await repo.deleteTotp(tx, target.id);
      await repo.deletePasskeys(tx, target.id);
      await repo.endAgentChallenges(tx, target.id, at);
      await repo.endAgentSessions(tx, target.id, at, 'ended');
      await auditAgent(tx, auth, {
        action: 'second_step.reset',
        targetKind: 'agent',
        targetId: target.id,
        details: { totp: Boolean(totp?.confirmedAt), passkeys },
        at,
      });
    });
    return { Ok: true as const };
  }

  async function masterOnly(auth: AgentAuth) {
    if (!(await isMaster(auth))) throw new ForbiddenError('policy_master_only');
  }

  async function getPolicy(auth: AgentAuth): Promise<Policy> {
    await masterOnly(auth);
    return { RequireSecondStep: await repo.selectSitePolicy(db, auth.siteId) };
  }

  async function setPolicy(auth: AgentAuth, input: Policy): Promise<Policy> {
    await masterOnly(auth);
    const before = await repo.selectSitePolicy(db, auth.siteId);
    if (before !== input.RequireSecondStep) {
      await db.transaction(async (tx) => {
        await repo.updateSitePolicy(tx, auth.siteId, input.RequireSecondStep);
        await auditAgent(tx, auth, {
          action: 'policy.second_step',
          details: {
            before: { RequireSecondStep: before },
            after: { RequireSecondStep: input.RequireSecondStep },
          },
          at: now(),
        });
      });
    }
    return { RequireSecondStep: input.RequireSecondStep };
  }

  return {
    status,
    startTotp,
    confirmTotp,
    removeTotp,
    renewRecoveryCodes,
    resetAgent,
    getPolicy,
    setPolicy,
  };
}

export type SecondStepSettingsService = ReturnType<typeof createSecondStepSettingsService>;
