// Adds an agent to a site's tree with its closure rows, so "everything under X" stays one join.
// Used by the demo seed and by sign-up approval.
import { RIGHTS, type ErrorCode, type ErrorParams, type Right } from '@backline/contract';
import type { Executor } from '../db/query.ts';
import { ConflictError, NotFoundError, ValidationError } from '../errors.ts';
import * as repo from './agent-closure-repository.ts';

export interface NewAgent {
  siteId: number;
  /** Null for a master agent, the root of a site's tree. */
  parentId: number | null;
  login: string;
  name: string;
  email: string;
  passwordHash: string | null;
  currency: string;
  language?: string;
  rights: readonly Right[];
  /** Caps of the players below, minor units; the caller checks them against the parent's. */
  creditLimitCap?: number | null;
  maxWagerCap?: number | null;
  active?: boolean;
  createdAt?: Date;
}

export type AgentRow = repo.AgentRow;

/**
 * Rights narrow downwards: a child holds no right its parent lacks. View-only is a restriction
 * rather than a right, so it runs the other way: a child may add it, and keeps it once a parent has it.
 */
export function rightsProblem(
  parent: readonly string[] | null,
  child: readonly string[],
): [ErrorCode, ErrorParams?] | null {
  const unknown = child.find((r) => !RIGHTS.includes(r as Right));
  if (unknown) return ['right_unknown', { right: unknown }];
  if (parent === null) return null;
  const wider = child.find((r) => r !== 'viewOnly' && !parent.includes(r));
  if (wider) return ['right_beyond_parent', { right: wider }];
  if (parent.includes('viewOnly') && !child.includes('viewOnly')) {
    return ['view_only_inherited'];
  }
  return null;
}

export async function createAgent(ex: Executor, input: NewAgent): Promise<AgentRow> {
  let depth = 0;
  let parentRights: string[] | null = null;
  if (input.parentId !== null) {
    const parent = await repo.selectTreeAgent(ex, input.siteId, input.parentId);
    if (!parent) throw new NotFoundError('agent_not_found', { agent: input.parentId });
    parentRights = parent.rights;
    depth = parent.depth + 1;
  }
  const problem = rightsProblem(parentRights, input.rights);
  if (problem) throw new ValidationError(...problem);
  // The unique indexes still guard a race; this turns the common case into a message a person can act on.
  const taken = await repo.selectTakenLogin(ex, input);
  if (taken !== undefined) {
    if (taken.toLowerCase() === input.login.toLowerCase())
      throw new ConflictError('login_taken', { login: input.login });
    throw new ConflictError('email_taken', { email: input.email });
  }
  return repo.insertAgent(ex, {
    siteId: input.siteId,
    parentId: input.parentId,
    login: input.login,
    name: input.name,
    email: input.email,
    passwordHash: input.passwordHash,
    currency: input.currency,
    language: input.language ?? 'en',
    rights: [...input.rights],
    creditLimitCap: input.creditLimitCap ?? null,
    maxWagerCap: input.maxWagerCap ?? null,
    depth,
    active: input.active ?? true,
    ...(input.createdAt ? { createdAt: input.createdAt } : {}),
  });
}
