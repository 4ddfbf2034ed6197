// SQL of the fixed-window counters (rate-limit.ts): one row per key, its window and its count.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/query.ts';

export interface WindowDbRow {
  count: number;
  /** Seconds until the window ends, at least 1. */
  retry_after: number;
}

const windowOf = (seconds: number) => sql`make_interval(secs => ${seconds})`;

/** Counts one more in the key's window, a new window when the last has ended. */
function countOne(key: string, windowSeconds: number, returning: SQL): SQL {
  const ended = sql`rate_limits.window_start <= now() - ${windowOf(windowSeconds)}`;
  return sql`
    insert into rate_limits (key, window_start, count) values (${key}, now(), 1)
    on conflict (key) do update set
      count = case when ${ended} then 1 else rate_limits.count + 1 end,
      window_start = case when ${ended} then now() else rate_limits.window_start end
    ${returning}`;
}

const retryAfter = (windowSeconds: number) =>
  sql`greatest(1, ceil(extract(epoch from (window_start + ${windowOf(windowSeconds)} - now()))))::int`;

/** Counts one in the key's window and answers the window as it now stands. */
export async function countInWindow(
  db: Executor,
  key: string,
  windowSeconds: number,
): Promise<WindowDbRow> {
  const [row] = await queryRows<WindowDbRow>(
    db,
    countOne(key, windowSeconds, sql`returning count, ${retryAfter(windowSeconds)} as retry_after`),
  );
  return row!;
}

/** The key's window when it is still live, without counting. */
export async function selectLiveWindow(
  db: Executor,
  key: string,
  windowSeconds: number,
): Promise<WindowDbRow | undefined> {
  const [row] = await queryRows<WindowDbRow>(
    db,
    sql`
    select count, ${retryAfter(windowSeconds)} as retry_after
    from rate_limits
    where key = ${key} and window_start > now() - ${windowOf(windowSeconds)}`,
  );
  return row;
}

/** Counts one in the key's window, answering nothing. */
export async function countSilently(db: Executor, key: string, windowSeconds: number) {
  await db.execute(countOne(key, windowSeconds, sql``));
}

export async function deleteWindow(db: Executor, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}
