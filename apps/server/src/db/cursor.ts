// Reads a query's result a chunk at a time through a server-side cursor, so a report of a million
// rows runs once in the database and never sits whole in this process's memory.
import { randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Pool, PoolClient } from 'pg';
import { queryRows, type Db, type Executor } from './query.ts';

interface Session {
  db: Executor;
  /** A pool connection held for this cursor alone (PostgreSQL); false for PGlite's one session. */
  pinned: boolean;
  /** Gives the connection back, or discards it when it may be left in a bad state. */
  release(discard: boolean): void;
}

/** PGlite is a single session, so its handle will do; from a pg pool one client is held. */
async function openSession(db: Db): Promise<Session> {
  const client = (db as unknown as { $client: Partial<Pool> }).$client;
  if (typeof client.connect !== 'function' || typeof client.totalCount !== 'number') {
    return { db, pinned: false, release: () => {} };
  }
  const held: PoolClient = await (client as Pool).connect();
  const { drizzle } = await import('drizzle-orm/node-postgres');
  return {
    db: drizzle(held) as unknown as Executor,
    pinned: true,
    release: (discard) => held.release(discard),
  };
}

/**
 * Yields the rows of `query` in chunks of `chunkSize`, the query run once as one snapshot.
 * On PostgreSQL the cursor lives in a read-only transaction on its own connection, so rows come
 * from the query as they are fetched. PGlite serves every request through one session, so there
 * the result is held (WITH HOLD, outside a transaction) and other requests run between chunks.
 * `checkCount` is told how many rows there are before the first chunk (and may refuse by
 * throwing). Stopping early, or failing, closes the cursor and gives the connection back.
 */
export async function* cursorRows<T>(
  db: Db,
  query: SQL,
  chunkSize: number,
  checkCount?: (count: number) => void,
): AsyncGenerator<T[]> {
  const session = await openSession(db);
  const run = (statement: SQL) => session.db.execute(statement);
  const name = sql.identifier(`cursor_${randomBytes(8).toString('hex')}`);
  let healthy = false;
  try {
    if (session.pinned) await run(sql`begin read only`);
    await run(
      session.pinned
        ? sql`declare ${name} scroll cursor for ${query}`
        : sql`declare ${name} scroll cursor with hold for ${query}`,
    );
    try {
      if (checkCount) {
        // The rows are sorted (or held) by now: counting them and going back is a walk through them.
        const moved = (await run(sql`move forward all in ${name}`)) as unknown as {
          rowCount: number | null;
        };
        checkCount(moved.rowCount ?? 0);
        await run(sql`move absolute 0 in ${name}`);
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
      // Ending the transaction closes its cursor (after a failure, COMMIT rolls back).
      await run(session.pinned ? sql`commit` : sql`close ${name}`);
      healthy = true;
    }
  } finally {
    // A connection left mid-transaction by a failure is discarded, not handed to the next caller.
    session.release(!healthy);
  }
}
