// A sub-agent's settings as its parent sets them: the agent row, the caps of the agents above it,
// and the changes that reach down its subtree (a right taken away, a cap lowered).
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/query.ts';
import { textArray } from '../db/sql-arrays.ts';

export interface AgentSettingsDbRow {
  id: number;
  login: string;
  name: string;
  currency: string;
  parent_id: number | null;
  rights: string[];
  parent_rights: string[] | null;
  credit_limit_cap: number | null;
  max_wager_cap: number | null;
  products_off: string[];
  player_defaults: Record<string, unknown> | string;
  /** The least cap of each kind among the agents strictly above. */
  credit_cap_above: number | null;
  wager_cap_above: number | null;
}

export async function selectAgentSettings(
  db: Executor,
  agentId: number,
  lock = false,
): Promise<AgentSettingsDbRow | undefined> {
  const [row] = await queryRows<AgentSettingsDbRow>(
    db,
    sql`select a.id, a.login, a.name, a.currency, a.parent_id, a.rights, p.rights as parent_rights,
          a.credit_limit_cap, a.max_wager_cap, a.products_off, a.player_defaults,
          (select min(u.credit_limit_cap) from agent_closure c join agents u on u.id = c.ancestor_id
            where c.descendant_id = a.id and c.depth > 0) as credit_cap_above,
          (select min(u.max_wager_cap) from agent_closure c join agents u on u.id = c.ancestor_id
            where c.descendant_id = a.id and c.depth > 0) as wager_cap_above
        from agents a left join agents p on p.id = a.parent_id
        where a.id = ${agentId}
        ${lock ? sql`for update of a` : sql``}`,
  );
  return row;
}

export async function updateAgentSettings(
  db: Executor,
  agentId: number,
  to: {
    rights: readonly string[];
    creditLimitCap: number | null;
    maxWagerCap: number | null;
    productsOff: readonly string[];
    playerDefaults: Record<string, unknown>;
  },
): Promise<void> {
  await db.execute(
    sql`update agents set rights = ${textArray(to.rights)},
          credit_limit_cap = ${to.creditLimitCap}, max_wager_cap = ${to.maxWagerCap},
          products_off = ${textArray(to.productsOff)},
          player_defaults = ${JSON.stringify(to.playerDefaults)}::jsonb
        where id = ${agentId}`,
  );
}

/**
 * What the change means below the agent: rights it no longer holds leave every agent under it,
 * and a cap of theirs above its new one comes down to it. Answers how many agents changed.
 */
export async function narrowSubtree(
  db: Executor,
  agentId: number,
  to: { rights: readonly string[]; creditLimitCap: number | null; maxWagerCap: number | null },
): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update agents a set
          rights = array(select r from unnest(a.rights) r
                         where r = 'viewOnly' or r = any(${textArray(to.rights)})),
          credit_limit_cap = case when ${to.creditLimitCap}::bigint is not null
            and a.credit_limit_cap > ${to.creditLimitCap}::bigint
            then ${to.creditLimitCap}::bigint else a.credit_limit_cap end,
          max_wager_cap = case when ${to.maxWagerCap}::bigint is not null
            and a.max_wager_cap > ${to.maxWagerCap}::bigint
            then ${to.maxWagerCap}::bigint else a.max_wager_cap end
        from agent_closure c
        where c.ancestor_id = ${agentId} and c.depth > 0 and a.id = c.descendant_id
          and (exists (select 1 from unnest(a.rights) r
                       where r <> 'viewOnly' and not r = any(${textArray(to.rights)}))
               or (${to.creditLimitCap}::bigint is not null
                   and a.credit_limit_cap > ${to.creditLimitCap}::bigint)
               or (${to.maxWagerCap}::bigint is not null
                   and a.max_wager_cap > ${to.maxWagerCap}::bigint))
        returning a.id`,
  );
  return rows.length;
}
