// The feed's transaction in trips (db/trip-transaction.ts): on node-postgres its first statement
// rides with BEGIN and its last with COMMIT, the values as literals; on PGlite the plain sequence.
// Either way it must read and write exactly what the same statements do one by one.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/query.ts';
import { tripTransaction } from '../src/db/trip-transaction.ts';
import { useTestApp } from './helpers.ts';

const ctx = useTestApp();

/** Values a literal must carry unchanged: quotes, backslashes, JSON escapes, other scripts. */
const AWKWARD = [`it's`, 'back\\slash', '"quoted"', 'tab\tand\nline', 'ñandú 価格 🎲', '', '{a,b}'];

describe('a transaction in trips', () => {
  it('hands the first statement its values exactly and reads them back', async () => {
    const got = await tripTransaction(
      ctx.database.db,
      {
        label: 'trip-echo',
        query: sql`select ${JSON.stringify(AWKWARD)}::json as texts, ${42}::int as n,
                     ${'2026-11-19T20:00:00.000Z'}::timestamptz as at, ${null}::text as nothing`,
      },
      async (_tx, rows) => ({ value: rows[0], last: null }),
    );
    expect(got).toEqual({
      texts: AWKWARD,
      n: 42,
      // Times as text, as every other statement of the app hands them over.
      at: expect.stringMatching(/^2026-11-19 20:00:00\+00|^2026-11-19T20:00:00/),
      nothing: null,
    });
  });

  it('writes with its last statement and commits, reads between on the same transaction', async () => {
    await ctx.database.db.execute(sql`create table if not exists trip_probe (v text)`);
    const seen = await tripTransaction(
      ctx.database.db,
      { label: 'trip-first', query: sql`insert into trip_probe (v) values (${AWKWARD[0]!})` },
      async (tx) => {
        // The first statement's row is there for the reads between, before the commit.
        const [row] = await queryRows<{ n: number }>(
          tx,
          sql`select count(*)::int as n from trip_probe`,
        );
        return {
          value: row!.n,
          last: {
            label: 'trip-last',
            query: sql`insert into trip_probe (v) values (${AWKWARD[1]!})`,
          },
        };
      },
    );
    expect(seen).toBe(1);
    const rows = await queryRows<{ v: string }>(
      ctx.database.db,
      sql`select v from trip_probe order by v`,
    );
    expect(rows.map((r) => r.v).sort()).toEqual([AWKWARD[0], AWKWARD[1]].sort());
  });

  it('leaves nothing when the body or the last statement fails, and the pool goes on', async () => {
    await ctx.database.db.execute(sql`create table if not exists trip_refused (v int primary key)`);
    const write = (v: number) => ({
      label: 'trip-refused',
      query: sql`insert into trip_refused (v) values (${v})`,
    });
    await expect(
      tripTransaction(ctx.database.db, write(1), async () => {
        throw new Error('refused in the body');
      }),
    ).rejects.toThrow('refused in the body');
    await expect(
      // The last statement breaks the primary key: the first's row goes with it.
      tripTransaction(ctx.database.db, write(2), async () => ({ value: 0, last: write(2) })),
    ).rejects.toThrow();
    const left = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from trip_refused`,
    );
    expect(left[0]!.n).toBe(0);
    // Every connection of the pool still takes a transaction after the failures.
    const done = await Promise.all(
      [3, 4, 5, 6, 7, 8].map((v) =>
        tripTransaction(ctx.database.db, write(v), async () => ({ value: v, last: null })),
      ),
    );
    expect(done).toEqual([3, 4, 5, 6, 7, 8]);
  });
});
