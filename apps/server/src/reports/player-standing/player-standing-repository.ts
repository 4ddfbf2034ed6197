// Standing reads the player rows (balance, at risk kept with every posting) and two weekly rollups.
import { sql } from 'drizzle-orm';
import { containsPattern } from '../../db/sql-search.ts';
import { queryRows, type Executor } from '../../db/query.ts';
import type { PlayerRowDbColumns } from '../player-ref.ts';

export interface StandingDbRow extends PlayerRowDbColumns {
  active: boolean;
  credit_limit: number;
  balance: number;
  at_risk: number;
  /** Temporary credit in force at `now`, else 0. */
  temp_credit: number;
  free_play_balance: number;
  this_week: number;
  last_week: number;
  sports: number;
  casino: number;
  horses: number;
}

export function selectStanding(
  db: Executor,
  q: {
    siteId: number;
    agentId: number;
    thisWeek: string;
    lastWeek: string;
    now: Date;
    search?: string | undefined;
    activeOnly?: boolean | undefined;
  },
): Promise<StandingDbRow[]> {
  const pattern = q.search ? containsPattern(q.search) : null;
  return queryRows<StandingDbRow>(
    db,
    sql`select p.id, p.login, p.name, p.agent_id, a.login as agent, p.currency, p.active,
          p.credit_limit, p.balance, p.at_risk, p.free_play_balance,
          (case when p.temp_credit_until > ${q.now} then p.temp_credit else 0 end)::bigint
            as temp_credit,
          coalesce(tw.sports + tw.casino + tw.horses + tw.rbl, 0)::bigint as this_week,
          coalesce(lw.sports + lw.casino + lw.horses + lw.rbl, 0)::bigint as last_week,
          coalesce(tw.sports, 0)::bigint as sports, coalesce(tw.casino, 0)::bigint as casino,
          coalesce(tw.horses, 0)::bigint as horses
        from agent_closure c
        join players p on p.agent_id = c.descendant_id
        join agents a on a.id = p.agent_id
        left join player_weekly tw on tw.player_id = p.id and tw.week_start = ${q.thisWeek}::date
        left join player_weekly lw on lw.player_id = p.id and lw.week_start = ${q.lastWeek}::date
        where c.ancestor_id = ${q.agentId} and p.site_id = ${q.siteId}
          ${pattern ? sql`and (p.login ilike ${pattern} or p.name ilike ${pattern})` : sql``}
          ${q.activeOnly ? sql`and p.active` : sql``}
        order by p.login`,
  );
}
