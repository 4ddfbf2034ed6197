// SQL of the weekly balance: reads the weekly and daily rollups, never the raw ledger of the week.
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';

export interface WeeklyBalanceDbRow {
  id: number;
  login: string;
  name: string;
  agent_id: number;
  agent: string;
  currency: string;
  carry: number;
  payments: number;
  adjustments: number;
  ending: number;
  active: boolean;
  sports: number;
  casino: number;
  horses: number;
  rbl: number;
  days: number[];
}

export async function selectWeeklyBalance(
  db: Executor,
  q: { siteId: number; agentId: number; monday: string; sunday: string },
): Promise<WeeklyBalanceDbRow[]> {
  return queryRows<WeeklyBalanceDbRow>(
    db,
    sql`
    with ps as (
      select p.id, p.login, p.name, p.agent_id, a.login as agent, p.currency, p.active
      from agent_closure c
      join players p on p.agent_id = c.descendant_id
      join agents a on a.id = p.agent_id
      where c.ancestor_id = ${q.agentId} and p.site_id = ${q.siteId}
    )
    select ps.id, ps.login, ps.name, ps.agent_id, ps.agent, ps.currency,
      coalesce(w.carry, prev.ending, 0)::bigint as carry,
      coalesce(w.payments, 0)::bigint as payments,
      coalesce(w.adjustments, 0)::bigint as adjustments,
      coalesce(w.ending, prev.ending, 0)::bigint as ending,
      ps.active,
      coalesce(w.sports, 0)::bigint as sports, coalesce(w.casino, 0)::bigint as casino,
      coalesce(w.horses, 0)::bigint as horses, coalesce(w.rbl, 0)::bigint as rbl,
      array[coalesce(d.d0, 0), coalesce(d.d1, 0), coalesce(d.d2, 0), coalesce(d.d3, 0),
            coalesce(d.d4, 0), coalesce(d.d5, 0), coalesce(d.d6, 0)]::bigint[] as days
    from ps
    left join player_weekly w on w.player_id = ps.id and w.week_start = ${q.monday}::date
    left join lateral (
      select w2.ending from player_weekly w2
      where w.player_id is null and w2.player_id = ps.id and w2.week_start < ${q.monday}::date
      order by w2.week_start desc limit 1
    ) prev on true
    left join lateral (
      select
        sum(pd.sports + pd.casino + pd.horses + pd.rbl) filter (where pd.day = ${q.monday}::date) as d0,
        sum(pd.sports + pd.casino + pd.horses + pd.rbl) filter (where pd.day = ${q.monday}::date + 1) as d1,
        sum(pd.sports + pd.casino + pd.horses + pd.rbl) filter (where pd.day = ${q.monday}::date + 2) as d2,
        sum(pd.sports + pd.casino + pd.horses + pd.rbl) filter (where pd.day = ${q.monday}::date + 3) as d3,
        sum(pd.sports + pd.casino + pd.horses + pd.rbl) filter (where pd.day = ${q.monday}::date + 4) as d4,
        sum(pd.sports + pd.casino + pd.horses + pd.rbl) filter (where pd.day = ${q.monday}::date + 5) as d5,
        sum(pd.sports + pd.casino + pd.horses + pd.rbl) filter (where pd.day = ${q.monday}::date + 6) as d6
      from player_daily pd
      where w.player_id is not null and pd.player_id = ps.id
        and pd.day between ${q.monday}::date and ${q.sunday}::date
    ) d on true
    where ps.active or w.player_id is not null or coalesce(prev.ending, 0) <> 0
    order by ps.login`,
  );
}

export interface LedgerDbRow {
  id: number;
  created_at: string;
  type: number;
  description: string;
  amount: number;
  balance_after: number;
  wager_id: number | null;
}

export async function selectPlayerDay(
  db: Executor,
  playerId: number,
  day: string,
): Promise<LedgerDbRow[]> {
  return queryRows<LedgerDbRow>(
    db,
    sql`
    select id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
      type, description, amount, balance_after, wager_id
    from ledger where player_id = ${playerId} and day = ${day}::date
    order by created_at, id`,
  );
}
