// The watch list reads the few watched players of a subtree by their own index, their week's row
// (today is one of its days) and, for those shown, their latest wagers.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/query.ts';
import type { PlayerRowDbColumns } from '../player-ref.ts';
import { bigintArray } from '../../db/sql-arrays.ts';

export interface WatchedDbRow extends PlayerRowDbColumns {
  status: string;
  balance: number;
  at_risk: number;
  /** Credit limit with the temporary credit in force. */
  credit: number;
  today: number;
  this_week: number;
  open_wagers: number;
}

const WEEK_TOTAL = sql`coalesce(tw.sports + tw.casino + tw.horses + tw.rbl, 0)`;

/** The day of the week's row that is today (Monday is day0). */
function dayColumn(day: number): SQL {
  return sql.raw(`coalesce(tw.day${day}, 0)`);
}

export function selectWatched(
  db: Executor,
  q: { siteId: number; agentId: number; week: string; weekDay: number; now: Date; limit: number },
): Promise<WatchedDbRow[]> {
  return queryRows<WatchedDbRow>(
    db,
    sql`select p.id, p.login, p.name, p.agent_id, a.login as agent, p.currency, p.status,
          p.balance, p.at_risk,
          (p.credit_limit + case when p.temp_credit_until > ${q.now} then p.temp_credit else 0 end)
            as credit,
          ${dayColumn(q.weekDay)}::bigint as today, ${WEEK_TOTAL}::bigint as this_week,
          (select count(*) from wagers w where w.player_id = p.id and w.status = 'open')::int
            as open_wagers
        from players p
        join agents a on a.id = p.agent_id
        left join player_weekly tw on tw.player_id = p.id and tw.week_start = ${q.week}::date
        where p.watched and p.site_id = ${q.siteId}
          and p.agent_id in (select descendant_id from agent_closure where ancestor_id = ${q.agentId})
        order by lower(p.login)
        limit ${q.limit}`,
  );
}

export async function countWatched(
  db: Executor,
  q: { siteId: number; agentId: number },
): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from players p
        where p.watched and p.site_id = ${q.siteId}
          and p.agent_id in (select descendant_id from agent_closure where ancestor_id = ${q.agentId})`,
  );
  return Number(row?.n ?? 0);
}

export interface LastWagerDbRow {
  id: number;
  player_id: number;
  ticket: string;
  wager_type: string;
  sport: string;
  description: string;
  risk: number;
  to_win: number;
  free_play: boolean;
  status: string;
  result: string;
  amount: number;
  placed_at: Date | string;
}

/** Each player's latest wagers, newest first, `per` of each at most. */
export function selectLastWagers(
  db: Executor,
  playerIds: readonly number[],
  per: number,
): Promise<LastWagerDbRow[]> {
  return queryRows<LastWagerDbRow>(
    db,
    sql`select w.id, w.player_id, w.ticket, w.wager_type, w.sport, w.description, w.risk,
          w.to_win, w.free_play, w.status, w.result, w.amount, w.placed_at
        from unnest(${bigintArray(playerIds)}) as ids(player_id)
        cross join lateral (
          select * from wagers x where x.player_id = ids.player_id
          order by x.placed_at desc, x.id desc limit ${per}
        ) w
        order by w.player_id, w.placed_at desc, w.id desc`,
  );
}
