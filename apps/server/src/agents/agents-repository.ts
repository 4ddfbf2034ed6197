// SQL of agents: who lies in whose subtree (through the closure table), and an agent's own fields.
import { sql, type SQL } from 'drizzle-orm';
import type { Language } from '@backline/contract';
import { queryRows, type Executor } from '../db/query.ts';

export interface ScopedAgentDbRow {
  id: number;
  login: string;
  name: string;
}

/** `agentId` when it lies in `ancestorId`'s subtree, of the site. */
export async function selectAgentUnder(
  db: Executor,
  q: { siteId: number; ancestorId: number; agentId: number },
): Promise<ScopedAgentDbRow | undefined> {
  const [row] = await queryRows<ScopedAgentDbRow>(
    db,
    sql`
    select a.id, a.login, a.name from agent_closure c join agents a on a.id = c.descendant_id
    where c.ancestor_id = ${q.ancestorId} and c.descendant_id = ${q.agentId} and a.site_id = ${q.siteId}`,
  );
  return row;
}

export interface ScopedPlayerDbRow {
  id: number;
  login: string;
  name: string;
  agentId: number;
  agent: string;
  currency: string;
}

/** `playerId` with its agent when it lies in `ancestorId`'s subtree, of the site. */
export async function selectPlayerUnder(
  db: Executor,
  q: { siteId: number; ancestorId: number; playerId: number },
): Promise<ScopedPlayerDbRow | undefined> {
  const [row] = await queryRows<ScopedPlayerDbRow>(
    db,
    sql`
    select p.id, p.login, p.name, p.agent_id as "agentId", a.login as agent, p.currency
    from players p join agents a on a.id = p.agent_id
    where p.id = ${q.playerId} and p.site_id = ${q.siteId}
      and exists (select 1 from agent_closure c
                  where c.ancestor_id = ${q.ancestorId} and c.descendant_id = p.agent_id)`,
  );
  return row;
}

/** The agent of the site whose e-mail is `email` (any case), when in `ancestorId`'s subtree. */
export async function selectAgentUnderByEmail(
  db: Executor,
  q: { siteId: number; ancestorId: number; email: string },
): Promise<{ id: number } | undefined> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`
    select a.id from agents a
    where a.site_id = ${q.siteId} and lower(a.email) = lower(${q.email})
      and exists (select 1 from agent_closure c
                  where c.ancestor_id = ${q.ancestorId} and c.descendant_id = a.id)`,
  );
  return row;
}

export interface SubAgentDbRow {
  id: number;
  login: string;
  name: string;
  parent_id: number | null;
  depth: number;
}

/**
 * Every agent of `rootId`'s subtree, itself first at depth 0, in tree order: each after its
 * parent, siblings by login. Ordered by the logins on the way down from the root.
 */
export function selectSubtree(db: Executor, rootId: number): Promise<SubAgentDbRow[]> {
  return queryRows<SubAgentDbRow>(db, subtreeInOrder(rootId, sql``));
}

export interface SubtreeAgentDbRow extends SubAgentDbRow {
  /** The agent and every agent below it, from the closure. */
  below: number[];
}

/** `selectSubtree`, each agent with the ids of its own subtree: a report's subtree sums need no walk. */
export function selectSubtreeWithBelow(db: Executor, rootId: number): Promise<SubtreeAgentDbRow[]> {
  return queryRows<SubtreeAgentDbRow>(
    db,
    subtreeInOrder(
      rootId,
      sql`, array(select d.descendant_id from agent_closure d where d.ancestor_id = a.id) as below`,
    ),
  );
}

function subtreeInOrder(rootId: number, columns: SQL) {
  return sql`
    select a.id, a.login, a.name, a.parent_id, c.depth ${columns}
    from agent_closure c join agents a on a.id = c.descendant_id
    where c.ancestor_id = ${rootId}
    order by (select array_agg(up.login order by u.depth desc)
              from agent_closure u join agents up on up.id = u.ancestor_id
              where u.descendant_id = c.descendant_id and u.depth <= c.depth)`;
}

/** The agent's login, or nothing when it is gone. */
export async function selectAgentLogin(
  db: Executor,
  q: { siteId: number; agentId: number },
): Promise<string | undefined> {
  const [row] = await queryRows<{ login: string }>(
    db,
    sql`select login from agents where id = ${q.agentId} and site_id = ${q.siteId}`,
  );
  return row?.login;
}

/** Whether the agent of the site was there to take its language. */
export async function updateAgentLanguage(
  db: Executor,
  q: { siteId: number; agentId: number; language: Language },
): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update agents set language = ${q.language}
        where id = ${q.agentId} and site_id = ${q.siteId} returning id`,
  );
  return rows.length > 0;
}
