import { sql } from 'drizzle-orm';
import type { AgentSummary } from '@backline/contract';
import { queryRows, type Db } from '../db/query.ts';
import type { AgentAuth } from '../auth/auth-context.ts';
import { agentInScope } from './scope.ts';

export function createAgentsService({ db }: { db: Db }) {
  /** Every agent under `idAgent` (default the caller), itself first, in tree order; Depth relative to it. */
  async function subAgents(auth: AgentAuth, idAgent?: number): Promise<AgentSummary[]> {
    const root = await agentInScope(db, auth, idAgent);
    const rows = await queryRows<{
      id: number;
      login: string;
      name: string;
      parent_id: number | null;
      depth: number;
    }>(
      db,
      sql`
      with recursive walk as (
        select a.id, a.login, a.name, a.parent_id, 0 as depth, array[a.login] as path
        from agents a where a.id = ${root.id}
        union all
        select a.id, a.login, a.name, a.parent_id, w.depth + 1, w.path || a.login
        from agents a join walk w on a.parent_id = w.id
      )
      select id, login, name, parent_id, depth from walk order by path`,
    );
    return rows.map((row) => ({
      IdAgent: row.id,
      Login: row.login,
      Name: row.name,
      IdParent: row.parent_id,
      Depth: row.depth,
    }));
  }
  return { subAgents };
}

export type AgentsService = ReturnType<typeof createAgentsService>;
