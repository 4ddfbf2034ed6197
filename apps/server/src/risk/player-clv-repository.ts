// Each player's CLV score, kept in player_clv (migration 0032): refreshed for the players whose
// grades arrived (the risk worker) or for every player (after the demo seeder's bulk history).
import { CLV_SCORING } from '@backline/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/query.ts';

/** Recomputes the scores of these players (every player of the database for 'all'). */
export async function refreshPlayerClv(
  ex: Executor,
  players: readonly number[] | 'all',
  at: Date,
): Promise<void> {
  if (players !== 'all' && players.length === 0) return;
  const ids =
    players === 'all'
      ? sql`array(select id from players)`
      : sql`${`{${players.join(',')}}`}::int[]`;
  await ex.execute(
    sql`select player_clv_refresh(${ids}, ${CLV_SCORING.LastLegs}, ${CLV_SCORING.CentsPerPoint},
      ${at.toISOString()}::timestamptz)`,
  );
}

/** Whether the player_clv row `c` (left-joined: null for a player never scored) is sharp. */
export function sharpSql(c: string): SQL {
  const t = sql.raw(c);
  return sql`coalesce(${t}.legs >= ${CLV_SCORING.MinLegs} and ${t}.wagers >= ${CLV_SCORING.MinWagers}
    and ${t}.score >= ${CLV_SCORING.SharpScore}, false)`;
}
