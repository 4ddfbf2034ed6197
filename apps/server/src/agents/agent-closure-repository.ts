// SQL of the agents' tree: an agent added under its parent, a subtree moved, and the closure rows
// (agent_closure) that keep "everything under X" one join.
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/query.ts';
import { agents } from '../db/schema.ts';

export type AgentRow = typeof agents.$inferSelect;
export type NewAgentRow = typeof agents.$inferInsert;

export interface TreeAgentDbRow {
  id: number;
  login: string;
  parentId: number | null;
  depth: number;
  rights: string[];
  maxWagerCap: number | null;
  creditLimitCap: number | null;
}

/** The agent of the site with what a move checks; `forUpdate` holds it until the transaction ends. */
export async function selectTreeAgent(
  ex: Executor,
  siteId: number,
  id: number,
  forUpdate = false,
): Promise<TreeAgentDbRow | undefined> {
  const [row] = await queryRows<TreeAgentDbRow>(
    ex,
    sql`select id, login, parent_id as "parentId", depth, rights,
          max_wager_cap as "maxWagerCap", credit_limit_cap as "creditLimitCap"
        from agents where id = ${id} and site_id = ${siteId}
        ${forUpdate ? sql`for update` : sql``}`,
  );
  return row;
}

/** The login of the site's agent holding `login` or `email` (any case), if any. */
export async function selectTakenLogin(
  ex: Executor,
  q: { siteId: number; login: string; email: string },
): Promise<string | undefined> {
  const [row] = await queryRows<{ login: string }>(
    ex,
    sql`select login from agents
        where site_id = ${q.siteId} and (lower(login) = lower(${q.login}) or lower(email) = lower(${q.email}))
        limit 1`,
  );
  return row?.login;
}

/** The agent row, and its closure rows: itself at depth 0, then each ancestor of its parent. */
export async function insertAgent(ex: Executor, row: NewAgentRow): Promise<AgentRow> {
  // Kept on Drizzle's builder: it answers the whole row in the schema's names (decision 025).
  const [agent] = await ex.insert(agents).values(row).returning();
  await ex.execute(sql`
    insert into agent_closure (site_id, ancestor_id, descendant_id, depth)
    select ${agent!.siteId}::int, ${agent!.id}::int, ${agent!.id}::int, 0
    union all
    select c.site_id, c.ancestor_id, ${agent!.id}::int, c.depth + 1
    from agent_closure c
    where c.descendant_id = ${row.parentId ?? null}::int`);
  return agent!;
}

/** One move of a site's tree at a time: two crossing moves could otherwise make a cycle. */
export async function lockSiteTree(ex: Executor, siteId: number): Promise<void> {
  await ex.execute(sql`select pg_advisory_xact_lock(15015, ${siteId}::int)`);
}

/** Whether `descendantId` lies in `ancestorId`'s subtree (itself included). */
export async function isInSubtree(
  ex: Executor,
  ancestorId: number,
  descendantId: number,
): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    ex,
    sql`select 1 as one from agent_closure
        where ancestor_id = ${ancestorId} and descendant_id = ${descendantId}`,
  );
  return rows.length > 0;
}

/**
 * The agent's subtree under the new parent: closure rows to the old ancestors replaced by rows to
 * the new ones, depths moved by the difference, and the agent's parent set.
 */
export async function moveSubtree(
  ex: Executor,
  agent: { id: number; depth: number },
  parent: { id: number; depth: number },
): Promise<void> {
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
  await ex.execute(sql`update agents set parent_id = ${parent.id} where id = ${agent.id}`);
}
