// Every report asks here whether its target lies inside the caller's subtree and site.
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/query.ts';
import type { AgentAuth } from '../auth/auth-context.ts';
import { NotFoundError } from '../errors.ts';

export interface ScopedAgent {
  id: number;
  login: string;
  name: string;
}

/** The agent a report is for: `idAgent` when inside the caller's subtree, else the caller itself. */
export async function agentInScope(
  db: Executor,
  auth: AgentAuth,
  idAgent?: number,
): Promise<ScopedAgent> {
  const target = idAgent ?? auth.agentId;
  // The view agent itself needs no lookup: the session resolved it inside the caller's tree.
  if (target === auth.agentId) {
    return { id: target, login: auth.agentLogin, name: auth.agentName };
  }
  const [row] = await queryRows<ScopedAgent>(
    db,
    sql`
    select a.id, a.login, a.name from agent_closure c join agents a on a.id = c.descendant_id
    where c.ancestor_id = ${auth.agentId} and c.descendant_id = ${target} and a.site_id = ${auth.siteId}`,
  );
  // Outside the caller's tree (or site) an agent is answered exactly as one that does not
  // exist: a refusal must not tell which ids are real (issue 14 item 15).
  if (!row) throw new NotFoundError('agent_not_found', { agent: target });
  return row;
}

export interface ScopedPlayer {
  id: number;
  login: string;
  name: string;
  agentId: number;
  agent: string;
  currency: string;
}

export async function playerInScope(
  db: Executor,
  auth: AgentAuth,
  idPlayer: number,
): Promise<ScopedPlayer> {
  // A player of another tree is answered exactly as one that does not exist: the same 404 keyed
  // by the id given, never its login, so walking ids lists nobody (issue 14 item 15).
  const [row] = await queryRows<ScopedPlayer>(
    db,
    sql`
    select p.id, p.login, p.name, p.agent_id as "agentId", a.login as agent, p.currency
    from players p join agents a on a.id = p.agent_id
    where p.id = ${idPlayer} and p.site_id = ${auth.siteId}
      and exists (select 1 from agent_closure c
                  where c.ancestor_id = ${auth.agentId} and c.descendant_id = p.agent_id)`,
  );
  if (!row) throw new NotFoundError('player_not_found', { player: idPlayer });
  return row;
}
