import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/query.ts';
import type { PlayerDbColumns } from '../player-ref.ts';

export interface ActionDbRow extends PlayerDbColumns {
  wager_type: string;
  count: number;
  volume: number;
}

/** Volume (risk) and count per player and wager type of the wagers placed in [from, to), voids left out. */
export function selectAction(db: Executor, q: { agentId: number; from: Date; to: Date }) {
  return queryRows<ActionDbRow>(
    db,
    sql`select w.player_id, p.login, p.name, p.agent_id, a.login as agent, w.currency, w.wager_type,
          count(*)::int as count, sum(w.risk)::bigint as volume
        from agent_closure c
        join wagers w on w.agent_id = c.descendant_id and w.status <> 'deleted'
          and w.placed_at >= ${q.from.toISOString()}::timestamptz and w.placed_at < ${q.to.toISOString()}::timestamptz
        join players p on p.id = w.player_id
        join agents a on a.id = p.agent_id
        where c.ancestor_id = ${q.agentId}
        group by w.player_id, p.login, p.name, p.agent_id, a.login, w.currency, w.wager_type
        order by p.login`,
  );
}
