// An agent moved under another parent of its site, with its whole subtree: the closure rows that
// joined the subtree to its old ancestors are replaced by rows to the new ones, and depths follow.
// The rollups are per agent (its own players: agent_weekly, agent_players, wager_graded_daily), so
// every subtree's sums follow the closure without a row of them changing.
import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/query.ts';
import { agents } from '../db/schema.ts';
import { ConflictError, NotFoundError, ValidationError } from '../errors.ts';
import { rightsProblem } from './agent-tree.ts';

async function agentRow(ex: Executor, siteId: number, id: number) {
  const [row] = await ex
    .select({
      id: agents.id,
      login: agents.login,
      parentId: agents.parentId,
      depth: agents.depth,
      rights: agents.rights,
      maxWagerCap: agents.maxWagerCap,
      creditLimitCap: agents.creditLimitCap,
    })
    .from(agents)
    .where(and(eq(agents.id, id), eq(agents.siteId, siteId)))
    .for('update');
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
  // One move of a site's tree at a time: two crossing moves could otherwise make a cycle.
  await ex.execute(sql`select pg_advisory_xact_lock(15015, ${input.siteId}::int)`);
  const agent = await agentRow(ex, input.siteId, input.agentId);
  if (agent.parentId === null)
    throw new ConflictError('site_root_not_movable', { agent: agent.login });
  const parent = await agentRow(ex, input.siteId, input.parentId);
  const [inside] = await queryRows<{ one: number }>(
    ex,
    sql`select 1 as one from agent_closure
        where ancestor_id = ${agent.id} and descendant_id = ${parent.id}`,
  );
  if (inside)
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
  const subtree = sql`select descendant_id from agent_closure where ancestor_id = ${agent.id}`;
  await ex.execute(sql`
    delete from agent_closure
    where descendant_id in (${subtree})
      and ancestor_id in (select ancestor_id from agent_closure
                          where descendant_id = ${agent.id} and ancestor_id <> ${agent.id})`);
  await ex.execute(sql`
    insert into agent_closure (site_id, ancestor_id, descendant_id, depth)
    select up.site_id, up.ancestor_id, down.descendant_id, up.depth + down.depth + 1
    from agent_closure up cross join agent_closure down
    where up.descendant_id = ${parent.id} and down.ancestor_id = ${agent.id}`);
  await ex.execute(sql`
    update agents set depth = depth + ${parent.depth + 1 - agent.depth}::int
    where id in (${subtree})`);
  await ex.update(agents).set({ parentId: parent.id }).where(eq(agents.id, agent.id));
  return { moved: true };
}
