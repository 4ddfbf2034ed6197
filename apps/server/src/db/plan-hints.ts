// Planner tuning, kept here so a repository reads as plain SQL: a statement that runs on nearly
// every request may keep one plan (decision 013). A new statement needs none of this: it starts
// with `queryRows`, and comes to `withPlanHints` (the end of this file) only when a measurement
// says its planning costs. The parts above it are what the hints are made of.
import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { PAGE_SIZES } from '@backline/contract';
import { intArray } from './sql-arrays.ts';
import { queryRows, type Executor } from './query.ts';

/** Page sizes a kept plan is made for: the screens' own, then each list's maximum. */
const PLANNED_PAGE_SIZES = [...PAGE_SIZES, 500, 1000];

/**
 * A page's size as the planner sees it, as a literal for an outer `limit` that never cuts a row.
 * A kept plan is costed without the bound values, and PostgreSQL takes a limit it cannot see for a
 * tenth of the rows: it costs a page's joins for thousands of rows, finds every fresh plan cheaper
 * and plans anew on each call. The literal lets the kept plan cost the page as it is. Sizes the
 * screens offer are given exactly; any other is rounded up to the next of them, so there are few
 * shapes (each a statement of its own). A page of such a size is as right, only planned per call.
 */
export function plannedLimit(limit: number): SQL {
  if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError(`bad page size ${limit}`);
  return sql.raw(String(PLANNED_PAGE_SIZES.find((n) => n >= limit) ?? limit));
}

/**
 * A key as a kept plan takes it: a subquery, whose value the planner does not see, so every call
 * is estimated alike (a desk's agent as a book's) and the plan made once suits all of them.
 */
export function keptPlanKey(id: number): SQL {
  return sql`(select ${id}::int)`;
}

/** Keys for `= any(...)` in a kept plan, as `keptPlanKey` takes one. */
export function keptPlanKeys(ids: readonly number[]): SQL {
  return sql`(select ${intArray(ids)})::int[]`;
}

const dialect = new PgDialect();

/**
 * `queryRows` for a statement of fixed shape that runs on nearly every request: named, so each
 * PostgreSQL connection parses it once and may keep its plan, instead of planning it anew each
 * time. Only for statements whose one plan suits every value: lookups by a unique key, or keys
 * written with `keptPlanKey` and a page's size with `plannedLimit`, so the database finds the kept
 * plan as cheap as a fresh one and keeps it (decision 013). The name carries a digest of the text,
 * so two shapes never share one.
 */
export async function queryPrepared<T>(db: Executor, label: string, query: SQL): Promise<T[]> {
  const built = dialect.sqlToQuery(query);
  const digest = createHash('sha1').update(built.sql).digest('base64url').slice(0, 12);
  const prepared = db._.session.prepareQuery(built, undefined, `${label}-${digest}`, false);
  const result = (await prepared.execute()) as unknown as { rows: T[] };
  return result.rows;
}

/** How a statement writes the parts a kept plan treats differently; see `withPlanHints`. */
export interface PlanHints {
  /** A key: hidden from the planner when the plan is kept, a plain parameter otherwise. */
  key(id: number): SQL;
  /** Keys for `= any(...)`, as `key` writes one. */
  keys(ids: readonly number[]): SQL;
  /** An outer bound that never cuts a row: the page's planned size when kept, else `all`. */
  pageBound(limit: number): SQL;
  /** For `with r as ${hints.gatherFirst} (...)`: gathered before the rest when kept, else inlined. */
  gatherFirst: SQL;
}

const KEPT: PlanHints = {
  key: keptPlanKey,
  keys: keptPlanKeys,
  pageBound: plannedLimit,
  gatherFirst: sql`materialized`,
};

const PLANNED_PER_CALL: PlanHints = {
  key: (id) => sql`${id}`,
  keys: (ids) => intArray(ids),
  pageBound: () => sql`all`,
  gatherFirst: sql`not materialized`,
};

/**
 * One statement, run either with a kept plan (`keep` names it) or planned per call (`keep` false):
 * `build` writes it once, with the parts that differ taken from `hints`.
 */
export function withPlanHints<T>(
  db: Executor,
  keep: string | false,
  build: (hints: PlanHints) => SQL,
): Promise<T[]> {
  return keep ? queryPrepared<T>(db, keep, build(KEPT)) : queryRows<T>(db, build(PLANNED_PER_CALL));
}
