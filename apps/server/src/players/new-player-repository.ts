// What a new player is made from: the agent it goes under (currency, the limits its new players
// start on, the tightest caps over it), whether the login is free, and the row itself.
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/query.ts';
import { players } from '../db/schema.ts';

export interface HomeAgentDbRow {
  id: number;
  login: string;
  currency: string;
  player_defaults: Record<string, unknown> | string;
  /** The least cap of each kind of the agent and the agents above it. */
  credit_cap: number | null;
  wager_cap: number | null;
}

export async function selectHomeAgent(
  ex: Executor,
  siteId: number,
  agentId: number,
): Promise<HomeAgentDbRow | undefined> {
  const [row] = await queryRows<HomeAgentDbRow>(
    ex,
    sql`select a.id, a.login, a.currency, a.player_defaults,
          (select min(u.credit_limit_cap) from agent_closure c join agents u on u.id = c.ancestor_id
            where c.descendant_id = a.id) as credit_cap,
          (select min(u.max_wager_cap) from agent_closure c join agents u on u.id = c.ancestor_id
            where c.descendant_id = a.id) as wager_cap
        from agents a where a.id = ${agentId} and a.site_id = ${siteId}`,
  );
  return row;
}

export async function playerLoginTaken(
  ex: Executor,
  siteId: number,
  login: string,
): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`select id from players where site_id = ${siteId} and lower(login) = lower(${login})
        limit 1`,
  );
  return rows.length > 0;
}

export async function insertPlayer(ex: Executor, row: typeof players.$inferInsert) {
  const [inserted] = await ex.insert(players).values(row).returning({ id: players.id });
  return inserted!;
}
