// The one way an agent comes to be in Backline, whoever asks (the master approving a sign-up, an
// agent from its tree): under the caller or an agent below it, with rights within both theirs and
// caps within the parent's chain; recorded, and told to the platform, in the caller's transaction.
import { RIGHTS, type Right, type SignUpParent } from '@backline/contract';
import type { AgentAuth } from '../auth/auth-context.ts';
import type { Executor } from '../db/query.ts';
import { ConflictError, ValidationError } from '../errors.ts';
import { auditAgent, type Caller } from '../security/audit-repository.ts';
import type { Outbox } from '../webhooks/outbox.ts';
import { createAgent, rightsProblem, type AgentRow } from './agent-closure.ts';
import * as repo from './new-agent-repository.ts';

export type AgentParent = repo.ParentInTree;

/** The agents a new agent may go under: the caller's view agent and every active agent below it. */
export const parentsFor = (ex: Executor, auth: AgentAuth) =>
  repo.parentsInTree(ex, auth.siteId, auth.agentId);

/** One of them by id, or null when it is not the caller or below it (or not of its site). */
export const parentFor = (ex: Executor, auth: AgentAuth, id: number) =>
  repo.parentInTree(ex, auth.siteId, auth.agentId, id);

/** A parent as a form offers it: the rights the caller may give an agent under it, and its caps. */
export function parentChoice(auth: AgentAuth, p: AgentParent): SignUpParent {
  return {
    IdAgent: p.id,
    IdParent: p.parentId,
    Login: p.login,
    Name: p.name,
    Depth: p.depth,
    Currency: p.currency,
    // What checkTerms accepts: the parent's rights the caller holds, and view-only.
    Grantable: RIGHTS.filter(
      (r) => r === 'viewOnly' || (p.rights.includes(r) && auth.rights.has(r)),
    ),
    ViewOnlyRequired: p.rights.includes('viewOnly'),
    CreditLimitCap: p.creditLimitCap,
    MaxWagerCap: p.maxWagerCap,
  };
}

export interface AgentTerms {
  rights: readonly Right[];
  creditLimitCap: number;
  maxWagerCap: number;
}

/** How the asking call names the caps, so a refusal points at its own field. */
export type CapFields = Record<'creditLimitCap' | 'maxWagerCap', string>;

/**
 * Rights within the caller's and the parent's (view-only, a restriction, may always be added), and
 * caps within the tightest cap of the parent's chain.
 */
export function checkTerms(
  auth: AgentAuth,
  parent: AgentParent,
  terms: AgentTerms,
  names: CapFields,
) {
  const beyond = terms.rights.find((r) => r !== 'viewOnly' && !auth.rights.has(r));
  if (beyond) throw new ValidationError('right_beyond_own', { right: beyond });
  const problem = rightsProblem(parent.rights, terms.rights);
  if (problem) throw new ValidationError(...problem);
  for (const [field, cap, bound] of [
    ['creditLimitCap', terms.creditLimitCap, parent.creditLimitCap],
    ['maxWagerCap', terms.maxWagerCap, parent.maxWagerCap],
  ] as const) {
    if (bound !== null && cap > bound)
      throw new ValidationError('cap_above_parent', { field: names[field], cap: bound });
  }
}

export interface NewAgentRequest {
  auth: AgentAuth;
  caller: Caller;
  outbox: Outbox | undefined;
  parent: AgentParent;
  terms: AgentTerms;
  names: CapFields;
  login: string;
  name: string;
  email: string;
  passwordHash: string | null;
  language: string;
  /** The signed-in agent's login, as the platform is told who made it. */
  createdBy: string;
  /** What made it, for the audit row: an approved sign-up or the tree. */
  via: 'sign-up' | 'tree';
  at: Date;
}

export async function addAgent(tx: Executor, req: NewAgentRequest): Promise<AgentRow> {
  const { auth, parent, terms } = req;
  checkTerms(auth, parent, terms, req.names);
  // Log-in looks an agent up before a player: an agent of a player's login would lock it out.
  if (await repo.playerHoldsLogin(tx, auth.siteId, req.login))
    throw new ConflictError('login_taken', { login: req.login });
  const rights = RIGHTS.filter((r) => terms.rights.includes(r));
  const agent = await createAgent(tx, {
    siteId: auth.siteId,
    parentId: parent.id,
    login: req.login,
    name: req.name,
    email: req.email,
    passwordHash: req.passwordHash,
    currency: parent.currency,
    language: req.language,
    rights,
    creditLimitCap: terms.creditLimitCap,
    maxWagerCap: terms.maxWagerCap,
    createdAt: req.at,
  });
  await repo.startDealFromDefaults(tx, {
    agentId: agent.id,
    parentId: parent.id,
    setBy: req.createdBy,
    at: req.at,
  });
  const shown = {
    IdAgent: agent.id,
    Agent: agent.login,
    Name: agent.name,
    Email: agent.email,
    Parent: parent.login,
    Currency: agent.currency,
    Rights: rights,
    CreditLimitCap: terms.creditLimitCap,
    MaxWagerCap: terms.maxWagerCap,
  };
  await auditAgent(tx, auth, {
    action: 'agent.created',
    targetKind: 'agent',
    targetId: agent.id,
    address: req.caller.address,
    requestId: req.caller.requestId,
    details: { actingFor: auth.agentId, via: req.via, ...shown },
  });
  await req.outbox?.record(tx, {
    siteId: auth.siteId,
    type: 'agent.created',
    playerId: null,
    agentId: agent.id,
    at: req.at,
    data: { ...shown, CreatedBy: req.createdBy },
  });
  return agent;
}
