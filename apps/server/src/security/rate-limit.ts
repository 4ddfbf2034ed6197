// Fixed-window counters in the database, so every server process shares them.
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/client.ts';
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
