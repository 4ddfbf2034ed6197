import { sql } from 'drizzle-orm';
import type { LedgerDescriptionCode } from '@backline/contract';
import { queryRows, type Executor } from '../../db/query.ts';

export interface HistoryDbRow {
  id: number;
  created_at: string;
  day: string;
  type: number;
  description: string;
  description_code: LedgerDescriptionCode | null;
  description_params: Record<string, string> | null;
  amount: number;
  balance_after: number;
  free_play_after: number;
  wager_id: number | null;
  created_by: string;
}

export function selectHistory(
  db: Executor,
  q: { playerId: number; start: string; end: string; type?: number | undefined },
): Promise<HistoryDbRow[]> {
  return queryRows<HistoryDbRow>(
    db,
    sql`select id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
          to_char(day, 'YYYY-MM-DD') as day, type, description, description_code, description_params,
          amount, balance_after, free_play_after, wager_id, created_by
        from ledger
        where player_id = ${q.playerId} and day between ${q.start}::date and ${q.end}::date
          ${q.type !== undefined ? sql`and type = ${q.type}` : sql``}
        order by created_at, id`,
  );
}

/** The player's real balance at the end of `day` (the last daily closing on or before it), 0 before any entry. */
export async function balanceAtEndOf(db: Executor, playerId: number, day: string): Promise<number> {
  const [row] = await queryRows<{ closing: number }>(
    db,
    sql`select closing from player_daily where player_id = ${playerId} and day <= ${day}::date
        order by day desc limit 1`,
  );
  return row?.closing ?? 0;
}
