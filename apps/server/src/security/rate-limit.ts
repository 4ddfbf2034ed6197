// Fixed-window counters in the database, so every server process shares them.
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/query.ts';
import { TooManyRequestsError } from '../errors.ts';

export interface Limit {
  key: string;
  max: number;
  windowSeconds: number;
}

export async function hit(db: Executor, limit: Limit): Promise<void> {
  const [row] = await queryRows<{ count: number; retry_after: number }>(
    db,
    sql`
    insert into rate_limits (key, window_start, count) values (${limit.key}, now(), 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start <= now() - make_interval(secs => ${limit.windowSeconds})
                   then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start <= now() - make_interval(secs => ${limit.windowSeconds})
                   then now() else rate_limits.window_start end
    returning count,
      greatest(1, ceil(extract(epoch from (window_start + make_interval(secs => ${limit.windowSeconds}) - now()))))::int as retry_after`,
  );
  if (row!.count > limit.max) throw new TooManyRequestsError(row!.retry_after);
}

/**
 * Refuses when the key's live window is already full, without counting this call: for limits that
 * count only failures (log-ins per account), each failure is counted afterwards with `count`.
 */
export async function check(db: Executor, limit: Limit): Promise<void> {
  const [row] = await queryRows<{ count: number; retry_after: number }>(
    db,
    sql`
    select count,
      greatest(1, ceil(extract(epoch from (window_start + make_interval(secs => ${limit.windowSeconds}) - now()))))::int as retry_after
    from rate_limits
    where key = ${limit.key} and window_start > now() - make_interval(secs => ${limit.windowSeconds})`,
  );
  if (row && row.count >= limit.max) throw new TooManyRequestsError(row.retry_after);
}

/** Counts one event (a failure) against the key without refusing this call. */
export async function count(db: Executor, limit: Limit): Promise<void> {
  await db.execute(sql`
    insert into rate_limits (key, window_start, count) values (${limit.key}, now(), 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start <= now() - make_interval(secs => ${limit.windowSeconds})
                   then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start <= now() - make_interval(secs => ${limit.windowSeconds})
                   then now() else rate_limits.window_start end`);
}

/** Forgets a key's count (a successful log-in wipes the account's failures). */
export async function forget(db: Executor, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}
