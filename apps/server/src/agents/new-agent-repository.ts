// SQL of a new agent's place in the tree: the agents the caller may put one under, each with its
// rights and the tightest caps of its chain, and whether a player of the site holds a login.
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/query.ts';
import { agents, players } from '../db/schema.ts';

export interface ParentInTree {
  id: number;
  parentId: number | null;
  login: string;
  name: string;
  depth: number;
  currency: string;
  rights: string[];
  /** The tightest caps of the agent and those above it, minor units (null: none sets one). */
  creditLimitCap: number | null;
  maxWagerCap: number | null;
}

/**
 * The agents a new agent may go under: the caller and those below it (one of them when `id` is
 * given), shallowest first, each with its rights and the tightest caps of its chain.
 */
export async function parentsInTree(
  ex: Executor,
  siteId: number,
  callerId: number,
  id?: number,
): Promise<ParentInTree[]> {
  const rows = await queryRows<{
    id: number;
    parent_id: number | null;
    login: string;
    name: string;
    depth: number;
    currency: string;
    rights: string[];
    credit_cap: number | string | null;
    wager_cap: number | string | null;
  }>(
    ex,
    sql`
    select a.id, a.parent_id, a.login, a.name, a.depth, a.currency, a.rights,
      (select min(x.credit_limit_cap) from agent_closure up join ${agents} x on x.id = up.ancestor_id
        where up.descendant_id = a.id) as credit_cap,
      (select min(x.max_wager_cap) from agent_closure up join ${agents} x on x.id = up.ancestor_id
        where up.descendant_id = a.id) as wager_cap
    from agent_closure c join ${agents} a on a.id = c.descendant_id
    where c.ancestor_id = ${callerId} and a.site_id = ${siteId} and a.active
      ${id === undefined ? sql`` : sql`and c.descendant_id = ${id}`}
    order by c.depth, lower(a.login)
    limit 5000`,
  );
  const cap = (v: number | string | null) => (v === null ? null : Number(v));
  return rows.map((row) => ({
    id: row.id,
    parentId: row.parent_id,
    login: row.login,
    name: row.name,
    depth: Number(row.depth),
    currency: row.currency,
    rights: row.rights,
    creditLimitCap: cap(row.credit_cap),
    maxWagerCap: cap(row.wager_cap),
  }));
}

/** The would-be parent of a new agent when it is the caller or below it, or null. */
export async function parentInTree(ex: Executor, siteId: number, callerId: number, id: number) {
  const [row] = await parentsInTree(ex, siteId, callerId, id);
  return row ?? null;
}

/** Whether a player of the site logs in as `login` (any case): an agent so named would hide it. */
export async function playerHoldsLogin(ex: Executor, siteId: number, login: string) {
  const rows = await queryRows<{ one: number }>(
    ex,
    sql`select 1 as one from ${players} where site_id = ${siteId} and lower(login) = lower(${login})
        limit 1`,
  );
  return rows.length > 0;
}

/**
 * A new sub-agent's first deal: its parent's defaults (the contract's DealTerms, percentages in
 * percent) from the week it was made in the site's zone, when the parent has any (decision 033).
 */
export async function startDealFromDefaults(
  ex: Executor,
  d: { agentId: number; parentId: number; setBy: string; at: Date },
): Promise<void> {
  const at = d.at.toISOString();
  await ex.execute(sql`
    insert into agent_deals (site_id, agent_id, from_week, kind, percent_bps, casino_bps,
      horses_bps, red_figure, head_fee, set_by, set_at)
    select p.site_id, ${d.agentId},
      date_trunc('week', ${at}::timestamptz at time zone s.time_zone)::date,
      p.deal_defaults->>'Kind',
      round((p.deal_defaults->>'Percent')::numeric * 100)::int,
      round((p.deal_defaults->>'CasinoPercent')::numeric * 100)::int,
      round((p.deal_defaults->>'HorsesPercent')::numeric * 100)::int,
      (p.deal_defaults->>'RedFigure')::boolean, (p.deal_defaults->>'HeadFee')::bigint,
      ${d.setBy}, ${at}::timestamptz
    from agents p join sites s on s.id = p.site_id
    where p.id = ${d.parentId} and p.deal_defaults is not null`);
}
