import type { AgentSummary } from '@backline/contract';
import type { Db } from '../db/query.ts';
import type { AgentAuth } from '../auth/auth-context.ts';
import { agentInScope, type ScopedAgent } from './scope.ts';
import { selectSubtree, selectSubtreeWithBelow } from './agents-repository.ts';

export function createAgentsService({ db }: { db: Db }) {
  /** Every agent under `idAgent` (default the caller), itself first, in tree order; Depth relative to it. */
  async function subAgents(auth: AgentAuth, idAgent?: number): Promise<AgentSummary[]> {
    const root = await agentInScope(db, auth, idAgent);
    const rows = await selectSubtree(db, root.id);
    return rows.map((row) => ({
      IdAgent: row.id,
      Login: row.login,
      Name: row.name,
      IdParent: row.parent_id,
      Depth: row.depth,
    }));
  }
  /**
   * Every agent of `root`'s subtree in tree order, each with the ids at or below it, from the
   * closure. `root` is already in the caller's scope (agentInScope).
   */
  function subtreeOf(root: ScopedAgent) {
    return selectSubtreeWithBelow(db, root.id);
  }
  return { subAgents, subtreeOf };
}

export type AgentsService = ReturnType<typeof createAgentsService>;
