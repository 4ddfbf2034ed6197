// Reads a query's result a chunk at a time through a server-side cursor, so a report of a million
// rows runs once in the database and never sits whole in this process's memory.
import { randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Pool, PoolClient } from 'pg';
import { queryRows, type Db, type Executor } from './client.ts';

interface Session {
  db: Executor;
  release(): void;
}

/**
 * A cursor lives in one database session. PGlite is a single session, so the handle itself will
 * do; from a pg pool one client is held (and given back) for the cursor's whole life.
 */
async function openSession(db: Db): Promise<Session> {
  const client = (db as unknown as { $client: Partial<Pool> }).$client;
  if (typeof client.connect !== 'function' || typeof client.totalCount !== 'number') {
    return { db, release: () => {} };
  }
  const pinned: PoolClient = await (client as Pool).connect();
  const { drizzle } = await import('drizzle-orm/node-postgres');
  return { db: drizzle(pinned) as unknown as Executor, release: () => pinned.release() };
}

/**
 * Yields the rows of `query` in chunks of `chunkSize`. The cursor is declared WITH HOLD outside a
 * transaction: the result is computed once, as one snapshot, when it is declared, and then read
 * by separate statements, so PGlite serves other requests between chunks and a pg connection is
 * not left in an open transaction while a slow client downloads. `checkCount` is told how many
 * rows there are before the first chunk (and may refuse by throwing). Stopping early closes it.
 */
export async function* cursorRows<T>(
  db: Db,
  query: SQL,
  chunkSize: number,
  checkCount?: (count: number) => void,
): AsyncGenerator<T[]> {
  const session = await openSession(db);
  const name = sql.identifier(`cursor_${randomBytes(8).toString('hex')}`);
  try {
    await session.db.execute(sql`declare ${name} scroll cursor with hold for ${query}`);
    try {
      if (checkCount) {
        // The result is already held: counting it and going back is a walk through memory.
        const moved = (await session.db.execute(sql`move forward all in ${name}`)) as unknown as {
          rowCount: number | null;
        };
        checkCount(moved.rowCount ?? 0);
        await session.db.execute(sql`move absolute 0 in ${name}`);
      }
      for (;;) {
        const rows = await queryRows<T>(
          session.db,
          sql`fetch forward ${sql.raw(String(Math.trunc(chunkSize)))} from ${name}`,
        );
        if (rows.length > 0) yield rows;
        if (rows.length < chunkSize) return;
      }
    } finally {
      await session.db.execute(sql`close ${name}`);
    }
  } finally {
    session.release();
  }
}
