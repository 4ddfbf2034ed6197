// SQL of the lazy agent and player tree. Every figure of an agent is one aggregate over the closure
// table, so a level costs the same whatever the depth below it.
import { sql, type SQL } from 'drizzle-orm';
import { containsPattern } from '../../db/sql-search.ts';
import { queryRows, type Executor } from '../../db/query.ts';
import { withPlanHints } from '../../db/plan-hints.ts';
import { intArray } from '../../db/sql-arrays.ts';

export interface TreeAgentRow {
  id: number;
  parent_id: number | null;
  login: string;
  name: string;
  active: boolean;
}

export interface TreePlayerRow {
  id: number;
  agent_id: number;
  login: string;
  name: string;
  active: boolean;
  currency: string;
  balance: number;
  this_week: number;
}

export interface AgentFigureRow {
  id: number;
  currency: string;
  players: number;
  balance: number;
  this_week: number;
}

const THIS_WEEK = sql`coalesce(w.sports + w.casino + w.horses + w.rbl, 0)`;

/**
 * Player p's figure of the week, one primary-key probe per player: for a bounded set of players
 * this beats joining the whole week of every player, which the planner otherwise prefers.
 */
function weekOf(weekStart: string): SQL {
  return sql`coalesce((select w.sports + w.casino + w.horses + w.rbl from player_weekly w
                       where w.player_id = p.id and w.week_start = ${weekStart}::date), 0)`;
}

export function selectAgentsByIds(
  db: Executor,
  siteId: number,
  ids: readonly number[],
): Promise<TreeAgentRow[]> {
  // Prepared, as every lookup by key of a tree level: one plan suits every agent, and the keys are
  // written for a kept plan (here and below).
  return withPlanHints<TreeAgentRow>(
    db,
    'tree-agents',
    (hint) => sql`select id, parent_id, login, name, active from agents
        where site_id = ${siteId} and id = any(${hint.keys(ids)})`,
  );
}

export function selectChildAgents(
  db: Executor,
  siteId: number,
  parentId: number,
): Promise<TreeAgentRow[]> {
  return withPlanHints<TreeAgentRow>(
    db,
    'tree-children',
    (hint) => sql`select id, parent_id, login, name, active from agents
        where site_id = ${siteId} and parent_id = ${hint.key(parentId)} order by login`,
  );
}

/**
 * The agent's own players (not its sub-agents'): one page of them, and their figures per currency
 * over all of them. One statement, so each player's week is probed once for both.
 */
export async function selectOwnPlayers(
  db: Executor,
  q: { siteId: number; agentId: number; weekStart: string; offset: number; limit: number },
): Promise<{ figures: Omit<AgentFigureRow, 'id'>[]; players: TreePlayerRow[] }> {
  // Prepared: its one plan (the agent's players by index, a probe each) suits any agent.
  const [row] = await withPlanHints<{
    figures: Omit<AgentFigureRow, 'id'>[];
    players: TreePlayerRow[];
  }>(
    db,
    'tree-own-players',
    () => sql`with own as materialized (
          select p.id, p.agent_id, p.login, p.name, p.active, p.currency, p.balance,
            ${weekOf(q.weekStart)}::bigint as this_week
          from players p where p.site_id = ${q.siteId} and p.agent_id = ${q.agentId})
        select
          (select coalesce(json_agg(f order by f.currency), '[]'::json) from (
             select currency, count(*)::int as players, sum(balance)::bigint as balance,
               sum(this_week)::bigint as this_week
             from own group by currency) f) as figures,
          (select coalesce(json_agg(r order by r.login, r.id), '[]'::json) from (
             select * from own order by login, id offset ${q.offset} limit ${q.limit}) r) as players`,
  );
  return row!;
}

/** Agents strictly below each of `ids`. */
export async function selectAgentCounts(
  db: Executor,
  ids: readonly number[],
): Promise<Map<number, number>> {
  const rows = await queryRows<{ id: number; agents: number }>(
    db,
    sql`select ancestor_id as id, (count(*) - 1)::int as agents from agent_closure
        where ancestor_id = any(${intArray(ids)}) group by ancestor_id`,
  );
  return new Map(rows.map((r) => [r.id, r.agents]));
}

/** Players, balance and this week's figure of everything below each of `ids`, per currency. */
export function selectAgentFigures(
  db: Executor,
  q: { siteId: number; ids: readonly number[]; weekStart: string },
): Promise<AgentFigureRow[]> {
  return queryRows<AgentFigureRow>(
    db,
    sql`select c.ancestor_id as id, p.currency, count(*)::int as players,
          sum(p.balance)::bigint as balance, sum(${THIS_WEEK})::bigint as this_week
        from agent_closure c
        join players p on p.agent_id = c.descendant_id
        left join player_weekly w on w.player_id = p.id and w.week_start = ${q.weekStart}::date
        where c.ancestor_id = any(${intArray(q.ids)}) and p.site_id = ${q.siteId}
        group by c.ancestor_id, p.currency`,
  );
}

/**
 * Match rank: login prefix, then name prefix (or a word of the name), then anywhere; the best
 * `limit` of each kind, so the caller can tell when there were more.
 */
function rank(login: SQL, name: SQL, term: string): SQL {
  const prefix = `${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`case when ${login} ilike ${prefix} then 0
                  when ${name} ilike ${prefix} or ${name} ilike ${`% ${prefix}`} then 1
                  else 2 end`;
}

export function searchAgents(
  db: Executor,
  q: { siteId: number; rootId: number; term: string; limit: number },
): Promise<(TreeAgentRow & { rank: number })[]> {
  const pattern = containsPattern(q.term);
  return queryRows(
    db,
    sql`select a.id, a.parent_id, a.login, a.name, a.active,
          ${rank(sql`a.login`, sql`a.name`, q.term)} as rank
        from agent_closure c join agents a on a.id = c.descendant_id
        where c.ancestor_id = ${q.rootId} and c.depth > 0 and a.site_id = ${q.siteId}
          and (a.login ilike ${pattern} or a.name ilike ${pattern})
        order by rank, a.login limit ${q.limit}`,
  );
}

export function searchPlayers(
  db: Executor,
  q: { siteId: number; rootId: number; term: string; limit: number; weekStart: string },
): Promise<(TreePlayerRow & { rank: number })[]> {
  const pattern = containsPattern(q.term);
  return queryRows(
    db,
    sql`select p.*, ${weekOf(q.weekStart)}::bigint as this_week
        from (select p.id, p.agent_id, p.login, p.name, p.active, p.currency, p.balance,
                ${rank(sql`p.login`, sql`p.name`, q.term)} as rank
              from agent_closure c
              join players p on p.agent_id = c.descendant_id
              where c.ancestor_id = ${q.rootId} and p.site_id = ${q.siteId}
                and (p.login ilike ${pattern} or p.name ilike ${pattern})
              order by rank, p.login limit ${q.limit}) p
        order by p.rank, p.login`,
  );
}

/**
 * For each of `ids`: its ancestors from `topId` down to itself, both included (the agents to expand
 * to show its children); empty for an agent outside topId's subtree.
 */
export async function selectPaths(
  db: Executor,
  topId: number,
  ids: readonly number[],
): Promise<Map<number, number[]>> {
  const rows = await withPlanHints<{ id: number; path: number[] }>(
    db,
    'tree-paths',
    (hint) => sql`
        select c.descendant_id as id, array_agg(c.ancestor_id order by c.depth desc) as path
        from agent_closure c
        join agent_closure top on top.descendant_id = c.ancestor_id and top.ancestor_id = ${hint.key(topId)}
        where c.descendant_id = any(${hint.keys(ids)})
        group by c.descendant_id`,
  );
  return new Map(rows.map((r) => [r.id, r.path]));
}
