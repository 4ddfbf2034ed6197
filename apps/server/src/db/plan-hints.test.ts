import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { PAGE_SIZES } from '@backline/contract';
import { keptPlanKey, keptPlanKeys, plannedLimit } from './plan-hints.ts';

const text = (limit: number) => new PgDialect().sqlToQuery(sql`limit ${plannedLimit(limit)}`);

describe('plannedLimit', () => {
  it('gives the screens\u2019 page sizes exactly, as a literal', () => {
    for (const size of PAGE_SIZES) expect(text(size)).toEqual({ sql: `limit ${size}`, params: [] });
  });

  it('rounds any other size up to the next planned size, never below the page', () => {
    expect(text(1).sql).toBe('limit 25');
    expect(text(26).sql).toBe('limit 50');
    expect(text(201).sql).toBe('limit 500');
    expect(text(999).sql).toBe('limit 1000');
    for (let n = 1; n <= 1000; n++) expect(Number(text(n).sql.slice(6))).toBeGreaterThanOrEqual(n);
  });

  it('refuses a size that is not a positive whole number', () => {
    for (const bad of [0, -5, 2.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => plannedLimit(bad)).toThrow(RangeError);
    }
  });
});

describe('keptPlanKey and keptPlanKeys', () => {
  it('bind the keys inside a subquery, so the planner does not see their values', () => {
    const dialect = new PgDialect();
    expect(dialect.sqlToQuery(sql`a = ${keptPlanKey(7)}`)).toMatchObject({
      sql: 'a = (select $1::int)',
      params: [7],
    });
    expect(dialect.sqlToQuery(sql`a = any(${keptPlanKeys([3, 4])})`)).toMatchObject({
      sql: 'a = any((select $1::int[])::int[])',
      params: ['{3,4}'],
    });
  });
});
