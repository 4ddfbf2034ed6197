// Fixed-window counters in the database, so every server process shares them.
import type { Executor } from '../db/query.ts';
import { TooManyRequestsError } from '../errors.ts';
import * as repo from './rate-limit-repository.ts';

export interface Limit {
  key: string;
  max: number;
  windowSeconds: number;
}

export async function hit(db: Executor, limit: Limit): Promise<void> {
  const row = await repo.countInWindow(db, limit.key, limit.windowSeconds);
  if (row.count > limit.max) throw new TooManyRequestsError(row.retry_after);
}

/**
 * Refuses when the key's live window is already full, without counting this call: for limits that
 * count only failures (log-ins per account), each failure is counted afterwards with `count`.
 */
export async function check(db: Executor, limit: Limit): Promise<void> {
  const row = await repo.selectLiveWindow(db, limit.key, limit.windowSeconds);
  if (row && row.count >= limit.max) throw new TooManyRequestsError(row.retry_after);
}

/** Counts one event (a failure) against the key without refusing this call. */
export async function count(db: Executor, limit: Limit): Promise<void> {
  await repo.countSilently(db, limit.key, limit.windowSeconds);
}

/** Forgets a key's count (a successful log-in wipes the account's failures). */
export async function forget(db: Executor, key: string): Promise<void> {
  await repo.deleteWindow(db, key);
}
