// An agent moved under another parent of its site, with its whole subtree: the closure rows that
// joined the subtree to its old ancestors are replaced by rows to the new ones, and depths follow.
// The rollups are per agent (its own players: agent_weekly, agent_players, wager_graded_daily), so
// every subtree's sums follow the closure without a row of them changing.
import type { Executor } from '../db/query.ts';
import { ConflictError, NotFoundError, ValidationError } from '../errors.ts';
import { rightsProblem } from './agent-closure.ts';
import * as repo from './agent-closure-repository.ts';

async function agentRow(ex: Executor, siteId: number, id: number) {
  const row = await repo.selectTreeAgent(ex, siteId, id, true);
  if (!row) throw new NotFoundError('agent_not_found', { agent: id });
  return row;
}

/** A cap below the new parent's: the parent's caps bound everything under it. */
function capProblem(
  field: 'MaxWagerCap' | 'CreditLimitCap',
  own: number | null,
  parent: number | null,
): ValidationError | null {
  if (parent === null || (own !== null && own <= parent)) return null;
  return new ValidationError('cap_above_parent', { field, cap: parent });
}

export async function moveAgent(
  ex: Executor,
  input: { siteId: number; agentId: number; parentId: number },
): Promise<{ moved: boolean }> {
  await repo.lockSiteTree(ex, input.siteId);
  const agent = await agentRow(ex, input.siteId, input.agentId);
  if (agent.parentId === null)
    throw new ConflictError('site_root_not_movable', { agent: agent.login });
  const parent = await agentRow(ex, input.siteId, input.parentId);
  if (await repo.isInSubtree(ex, agent.id, parent.id))
    throw new ConflictError('agent_move_into_own_subtree', {
      agent: agent.login,
      parent: parent.login,
    });
  if (agent.parentId === parent.id) return { moved: false };
  const rights = rightsProblem(parent.rights, agent.rights);
  if (rights) throw new ValidationError(...rights);
  const cap =
    capProblem('MaxWagerCap', agent.maxWagerCap, parent.maxWagerCap) ??
    capProblem('CreditLimitCap', agent.creditLimitCap, parent.creditLimitCap);
  if (cap) throw cap;
  await repo.moveSubtree(ex, agent, parent);
  return { moved: true };
}
