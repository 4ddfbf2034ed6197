// A player's analysis reads its graded wagers (handle and count, by the day of the grade in force)
// and its daily and weekly rollups (what the wagers posted, type 2: the weekly balance's figure).
import { sql } from 'drizzle-orm';
import type { IsoDate } from '@backline/contract';
import { queryRows, type Executor } from '../../db/query.ts';

/** Whole site-local days, both ends included. */
export interface DayRange {
  start: IsoDate;
  end: IsoDate;
}

export interface HandleDbRow {
  handle: number;
  wagers: number;
}

export interface WeekNetDbRow {
  week_start: IsoDate;
  net: number;
}

export interface WeekHandleDbRow extends HandleDbRow {
  week_start: IsoDate;
}

/** Risk and count of the player's graded wagers whose grade in force fell in each range. */
export async function selectHandles(
  db: Executor,
  playerId: number,
  ranges: readonly DayRange[],
): Promise<HandleDbRow[]> {
  const columns = ranges.map(
    (r, i) => sql`
      coalesce(sum(w.risk) filter (where w.graded_day between ${r.start}::date and ${r.end}::date),
        0)::bigint as ${sql.raw(`handle_${i}`)},
      (count(*) filter (where w.graded_day between ${r.start}::date and ${r.end}::date))::int
        as ${sql.raw(`wagers_${i}`)}`,
  );
  const [row] = await queryRows<Record<string, number>>(
    db,
    sql`select ${sql.join(columns, sql`, `)}
        from wagers w where w.player_id = ${playerId} and w.status = 'graded'`,
  );
  return ranges.map((_, i) => ({
    handle: Number(row![`handle_${i}`]),
    wagers: Number(row![`wagers_${i}`]),
  }));
}

/** What the player's wagers posted (type 2) in each range, from the daily rollup. */
export async function selectNets(
  db: Executor,
  playerId: number,
  ranges: readonly DayRange[],
): Promise<number[]> {
  const columns = ranges.map(
    (r, i) =>
      sql`coalesce(sum(d.sports) filter (where d.day between ${r.start}::date and ${r.end}::date),
        0)::bigint as ${sql.raw(`net_${i}`)}`,
  );
  const [row] = await queryRows<Record<string, number>>(
    db,
    sql`select ${sql.join(columns, sql`, `)} from player_daily d where d.player_id = ${playerId}`,
  );
  return ranges.map((_, i) => Number(row![`net_${i}`]));
}

/** Risk and count of the graded wagers per week from `from`, by the week of the grade in force. */
export function selectWeekHandles(
  db: Executor,
  playerId: number,
  from: IsoDate,
): Promise<WeekHandleDbRow[]> {
  return queryRows<WeekHandleDbRow>(
    db,
    sql`select to_char(date_trunc('week', w.graded_day::timestamp), 'YYYY-MM-DD') as week_start,
          sum(w.risk)::bigint as handle, count(*)::int as wagers
        from wagers w
        where w.player_id = ${playerId} and w.status = 'graded' and w.graded_day >= ${from}::date
        group by 1`,
  );
}

/** What the player's wagers posted (type 2) per week from `from`, from the weekly rollup. */
export function selectWeekNets(
  db: Executor,
  playerId: number,
  from: IsoDate,
): Promise<WeekNetDbRow[]> {
  return queryRows<WeekNetDbRow>(
    db,
    sql`select to_char(pw.week_start, 'YYYY-MM-DD') as week_start, pw.sports::bigint as net
        from player_weekly pw
        where pw.player_id = ${playerId} and pw.week_start >= ${from}::date`,
  );
}
