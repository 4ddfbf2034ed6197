// Every report asks here whether its target lies inside the caller's subtree and site.
import type { Executor } from '../db/query.ts';
import type { AgentAuth } from '../auth/auth-context.ts';
import { NotFoundError } from '../errors.ts';
import * as repo from './agents-repository.ts';

export type ScopedAgent = repo.ScopedAgentDbRow;

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
  const row = await repo.selectAgentUnder(db, {
    siteId: auth.siteId,
    ancestorId: auth.agentId,
    agentId: target,
  });
  // Outside the caller's tree (or site) an agent is answered exactly as one that does not
  // exist: a refusal must not tell which ids are real (issue 14 item 15).
  if (!row) throw new NotFoundError('agent_not_found', { agent: target });
  return row;
}

export type ScopedPlayer = repo.ScopedPlayerDbRow;

export async function playerInScope(
  db: Executor,
  auth: AgentAuth,
  idPlayer: number,
): Promise<ScopedPlayer> {
  // A player of another tree is answered exactly as one that does not exist: the same 404 keyed
  // by the id given, never its login, so walking ids lists nobody (issue 14 item 15).
  const row = await repo.selectPlayerUnder(db, {
    siteId: auth.siteId,
    ancestorId: auth.agentId,
    playerId: idPlayer,
  });
  if (!row) throw new NotFoundError('player_not_found', { player: idPlayer });
  return row;
}
