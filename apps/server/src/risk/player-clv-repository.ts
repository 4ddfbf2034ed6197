// Each player's CLV score, kept in player_clv (migration 0032): refreshed for the players whose
// priced legs were graded, regraded or voided (the risk worker) or for every player (after the demo
// seeder's bulk history).
import { CLV_SCORING } from '@backline/contract';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/query.ts';
import { bigintArray, intArray } from '../db/sql-arrays.ts';

/** Recomputes the scores of these players (every player of the database for 'all'). */
export async function refreshPlayerClv(
  ex: Executor,
  players: readonly number[] | 'all',
  at: Date,
): Promise<void> {
  if (players !== 'all' && players.length === 0) return;
  const ids = players === 'all' ? sql`array(select id from players)` : intArray(players);
  await ex.execute(
    sql`select player_clv_refresh(${ids}, ${CLV_SCORING.LastLegs}, ${CLV_SCORING.CentsPerPoint},
      ${at.toISOString()}::timestamptz)`,
  );
}

/**
 * The players of these wagers whose score they can move: a score reads graded legs with a closing
 * price only, so a wager graded, regraded or voided without one leaves its player's score as it was
 * (most grades of a book carry no closing line, and each refresh reads a player's latest wagers).
 */
export async function playersWithPricedLegs(
  ex: Executor,
  wagerIds: readonly number[],
): Promise<number[]> {
  if (wagerIds.length === 0) return [];
  const rows = await queryRows<{ player_id: number }>(
    ex,
    sql`select distinct w.player_id from wagers w
        where w.id = any(${bigintArray(wagerIds)})
          and exists (select 1 from wager_legs l where l.wager_id = w.id
            and l.closing_odds is not null and l.market in ('spread', 'total', 'moneyline'))
        order by w.player_id`,
  );
  return rows.map((r) => r.player_id);
}

/** Whether the player_clv row `c` (left-joined: null for a player never scored) is sharp. */
export function sharpSql(c: string): SQL {
  const t = sql.raw(c);
  return sql`coalesce(${t}.legs >= ${CLV_SCORING.MinLegs} and ${t}.wagers >= ${CLV_SCORING.MinWagers}
    and ${t}.score >= ${CLV_SCORING.SharpScore}, false)`;
}
