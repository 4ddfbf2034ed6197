// Bulk inserts for the seeder: each column travels as one array parameter and `unnest` turns the
// arrays back into rows. A statement carries a handful of parameters however many rows it holds,
// far from the 65,535-parameter limit, and runs the same on PGlite and PostgreSQL.
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/query.ts';

export interface Column<T> {
  name: string;
  /** The PostgreSQL element type: int4, int8, text, bool, date, timestamptz, jsonb, numeric ... */
  type: string;
  value: (row: T) => unknown;
}

function element(v: unknown): string {
  if (v === null || v === undefined) return 'NULL';
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new RangeError(`Cannot store ${v}`);
    return String(v);
  }
  if (typeof v === 'boolean') return v ? 't' : 'f';
  const text =
    v instanceof Date ? v.toISOString() : typeof v === 'object' ? JSON.stringify(v) : String(v);
  return `"${text.replace(/[\\"]/g, '\\$&')}"`;
}

/** A PostgreSQL array literal, sent as text and cast on the server. */
function arrayLiteral<T>(rows: readonly T[], column: Column<T>): string {
  const parts = new Array<string>(rows.length);
  for (let i = 0; i < rows.length; i++) parts[i] = element(column.value(rows[i]!));
  return `{${parts.join(',')}}`;
}

export async function bulkInsert<T>(
  ex: Executor,
  table: string,
  columns: readonly Column<T>[],
  rows: readonly T[],
  batchSize = 10_000,
): Promise<void> {
  const names = sql.raw(columns.map((c) => `"${c.name}"`).join(', '));
  for (let start = 0; start < rows.length; start += batchSize) {
    const batch = rows.slice(start, start + batchSize);
    const arrays = sql.join(
      columns.map((c) => sql`${arrayLiteral(batch, c)}::text::${sql.raw(c.type)}[]`),
      sql`, `,
    );
    await ex.execute(
      sql`insert into ${sql.raw(`"${table}"`)} (${names}) select * from unnest(${arrays})`,
    );
  }
}
