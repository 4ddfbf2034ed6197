// REPORTS_DATABASE_URL: pure reports read the replica; writes, and the reads that must see the
// caller's own writes at once (payments, wagers), use the primary. The "replica" here is a copy of
// the demo that does not receive the primary's new writes, as a lagging replica would not.
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { api, type WeeklyBalanceResponse } from '@backline/contract';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/open-database.ts';
import { queryRows } from '../src/db/query.ts';
import { call, logIn, useTestApp } from './helpers.ts';
import { idOf } from './db-helpers.ts';

const ctx = useTestApp({}, { replica: true });

async function ledgerCount(database: Database, playerId: number) {
  const [row] = await queryRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from ledger where player_id = ${playerId}`,
  );
  return row!.n;
}

describe('a read replica for reports', () => {
  it('posts a payment on the primary, lists it from the primary, and reads weekly balances from the replica', async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const player = await idOf(ctx.database, 'players', 'PL1001');
    const before = { primary: await ledgerCount(ctx.database, player) };
    const weekly = async () =>
      (
        await call(ctx.app, api.weeklyBalance, master, { body: { period: 2, search: 'PL1001' } })
      ).json() as Promise<WeeklyBalanceResponse>;
    const reportBefore = await weekly();

    const paid = await call(ctx.app, api.insertPlayerPayment, master, {
      body: {
        idPlayer: player,
        amount: 5_000,
        direction: 'receipt',
        method: 'cash',
        idempotencyKey: crypto.randomUUID(),
      },
    });
    expect(paid.statusCode, paid.body).toBeLessThan(300);
    expect(await ledgerCount(ctx.database, player)).toBe(before.primary + 1);
    expect(await ledgerCount(ctx.reportsDatabase!, player)).toBe(before.primary);

    // The payments screen reads the primary: the agent sees what it just entered.
    const payments = await call(ctx.app, api.getPlayerPayments, master, { body: { period: 2 } });
    expect(payments.statusCode).toBe(200);
    expect(JSON.stringify(payments.json())).toContain('"Amount":5000');
    // The weekly balance reads the replica, which has not caught up yet.
    const reportAfter = await weekly();
    expect(reportAfter.Rows).toEqual(reportBefore.Rows);
  });

  it('refuses a replica without its primary', () => {
    expect(() => loadConfig({ REPORTS_DATABASE_URL: 'postgres://replica:5432/backline' })).toThrow(
      /REPORTS_DATABASE_URL: a read replica needs its primary in DATABASE_URL/,
    );
  });
});
