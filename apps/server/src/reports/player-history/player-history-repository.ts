import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/query.ts';
import { LEDGER_LINE_COLUMNS, type LedgerLineDbRow } from '../ledger-line.ts';

export interface HistoryDbRow extends LedgerLineDbRow {
  day: string;
  free_play_after: number;
  created_by: string;
}

export function selectHistory(
  db: Executor,
  q: { playerId: number; start: string; end: string; type?: number | undefined },
): Promise<HistoryDbRow[]> {
  return queryRows<HistoryDbRow>(
    db,
    sql`select ${LEDGER_LINE_COLUMNS}, to_char(day, 'YYYY-MM-DD') as day, free_play_after, created_by
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
