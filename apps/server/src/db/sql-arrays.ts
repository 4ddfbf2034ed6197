// Lists as one array parameter (`= any(...)`): unlike `in (...)`, it stays valid when the list is empty.
import { sql, type SQL } from 'drizzle-orm';

function literal(ids: readonly number[]): string {
  if (!ids.every(Number.isSafeInteger)) throw new RangeError('ids must be whole numbers');
  return `{${ids.join(',')}}`;
}

export function intArray(ids: readonly number[]): SQL {
  return sql`${literal(ids)}::int[]`;
}

export function bigintArray(ids: readonly number[]): SQL {
  return sql`${literal(ids)}::bigint[]`;
}

/** Each text quoted as an array literal's element, so a comma, brace or quote stays its own. */
export function textArray(texts: readonly string[]): SQL {
  const quoted = texts.map((t) => `"${t.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`);
  return sql`${`{${quoted.join(',')}}`}::text[]`;
}
