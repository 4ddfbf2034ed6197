// The open book of a subtree from the open-exposure rollups (migration 0032, decision 034): one row
// per game, market, proposition, side, currency and single/multi, summed over the subtree's agents
// in the database; the site's master reads the site's rows, a few per game whatever the book's size.
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/query.ts';

export interface PositionScope {
  siteId: number;
  agentId: number;
  sport?: string | undefined;
}

export interface PositionDbRow {
  event_id: number;
  sport: string;
  league: string;
  home: string;
  away: string;
  starts_at: string;
  status: string;
  market: string;
  prop: string;
  side: string;
  currency: string;
  multi: boolean;
  wagers: number;
  risk: number;
  to_win: number;
  free_play_risk: number;
}

const ISO = sql.raw(`'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`);

/** Whether the agent is its site's root: its book is the whole site's, read from one row per side. */
const isRoot = (agentId: number) =>
  sql`exists (select 1 from agents r where r.id = ${agentId} and r.parent_id is null)`;

/**
 * The subtree's open figures per side of every game not yet final (scheduled or live), each
 * currency apart: the service converts each figure once into the site's currency. The site's root
 * reads the site's rows (open_exposure_site); any other agent sums its subtree's agents' rows.
 */
export function selectPositionRows(db: Executor, s: PositionScope) {
  return queryRows<PositionDbRow>(
    db,
    sql`with x as (
          select o.event_id, o.market, o.prop, o.side, o.currency, o.multi, o.wagers, o.risk,
            o.to_win, o.free_play_risk
          from open_exposure_site o
          where o.site_id = ${s.siteId} and ${isRoot(s.agentId)}
          union all
          select o.event_id, o.market, o.prop, o.side, o.currency, o.multi, o.wagers, o.risk,
            o.to_win, o.free_play_risk
          from agent_closure c
          join open_exposure o on o.agent_id = c.descendant_id and o.site_id = ${s.siteId}
          where c.ancestor_id = ${s.agentId} and not ${isRoot(s.agentId)}
        )
        select e.id as event_id, e.sport, e.league, e.home, e.away,
          to_char(e.starts_at at time zone 'UTC', ${ISO}) as starts_at, e.status,
          x.market, x.prop, x.side, x.currency, x.multi,
          sum(x.wagers)::int as wagers, sum(x.risk)::bigint as risk,
          sum(x.to_win)::bigint as to_win, sum(x.free_play_risk)::bigint as free_play_risk
        from x
        join events e on e.id = x.event_id and e.site_id = ${s.siteId}
          and e.status in ('scheduled', 'live')
          ${s.sport ? sql`and e.sport = ${s.sport}` : sql``}
        group by e.id, x.market, x.prop, x.side, x.currency, x.multi
        having sum(x.wagers) <> 0 or sum(x.risk) <> 0 or sum(x.to_win) <> 0`,
  );
}
