// Finds ids in an answer that lie outside what the caller may see: every player and agent must be
// in its subtree; only references upward (a parent, a master, a notification's addressee) may name
// the agents above it.
import { sql } from 'drizzle-orm';
import { intArray } from '../../src/db/sql-arrays.ts';
import { queryRows, type Db } from '../../src/db/query.ts';
import type { World } from './world.ts';

export interface Reach {
  agents: Set<number>;
  upward: Set<number>;
  players: Set<number>;
}

/** Read from the tree as it is now, so an agent or a player a call made is in reach. */
export async function reachOf(db: Db, world: World, agentId: number): Promise<Reach> {
  const below = await queryRows<{ id: number }>(
    db,
    sql`select descendant_id as id from agent_closure where ancestor_id = ${agentId}`,
  );
  const agents = new Set(below.map((a) => a.id));
  const players = await queryRows<{ id: number }>(
    db,
    sql`select id from players where agent_id = any(${intArray([...agents])})`,
  );
  return {
    agents,
    upward: new Set([...agents, ...world.above(agentId)]),
    players: new Set(players.map((p) => p.id)),
  };
}

export function foreignIds(answer: unknown, reach: Reach): { checked: number; foreign: string[] } {
  let checked = 0;
  const foreign: string[] = [];
  const check = (set: Set<number>, id: number, where: string) => {
    checked++;
    if (!set.has(id)) foreign.push(`${where}=${id}`);
  };
  const walk = (value: unknown, path: string) => {
    if (Array.isArray(value)) return value.forEach((v, i) => walk(v, `${path}[${i}]`));
    if (!value || typeof value !== 'object') return;
    const o = value as Record<string, unknown>;
    for (const [key, v] of Object.entries(o)) {
      const where = `${path}.${key}`;
      if (typeof v !== 'number') {
        walk(v, where);
        continue;
      }
      if (key === 'IdPlayer') check(reach.players, v, where);
      else if (key === 'IdAgent')
        check('IdNotification' in o ? reach.upward : reach.agents, v, where);
      else if (key === 'IdParent' || key === 'IdMaster') check(reach.upward, v, where);
      else if (key === 'Id' && o.Kind === 'player') check(reach.players, v, where);
      else if (key === 'Id' && o.Kind === 'agent') check(reach.agents, v, where);
    }
  };
  walk(answer, '');
  return { checked, foreign };
}
