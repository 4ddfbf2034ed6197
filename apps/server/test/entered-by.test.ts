// "Entered by" names one kind of name everywhere (issue 14): the signed-in agent's login, never
// its e-mail and never the agent it acts for, on payments, settlements, voids, the player history
// and their exports; and what earlier sessions stored as an e-mail reads as the login too.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { api } from '@backline/contract';
import { queryRows } from '../src/db/query.ts';
import { actingAs, call, logIn, ok, useTestApp } from './helpers.ts';
import { idOf } from './db-helpers.ts';

const ctx = useTestApp();
const TODAY = { period: 0 }; // today

async function playerOf(agent: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    ctx.database.db,
    sql`select p.id from players p join agents a on a.id = p.agent_id
        where a.login = ${agent} and p.active order by p.id limit 1`,
  );
  return row!.id;
}

const payment = (idPlayer: number, amount: number) => ({
  idPlayer,
  amount,
  direction: 'receipt',
  method: 'cash',
  idempotencyKey: randomUUID(),
});

describe('Entered by', () => {
  it('is the signed-in agent\u2019s login on payments, settlements, voids and the history', async () => {
    const sub = await logIn(ctx.app, 'AG1SUB', 'demo-sub');
    expect(sub.session.UserEmail).toContain('@');
    const pl = await playerOf('AG1SUB');
    const paid = ok<{ Payment: { IdPayment: number; EnteredBy: string } }>(
      await call(ctx.app, api.insertPlayerPayment, sub, { body: payment(pl, 1234) }),
    );
    expect(paid.Payment.EnteredBy).toBe('AG1SUB');
    const listed = ok<{ Rows: { IdPayment: number; EnteredBy: string }[] }>(
      await call(ctx.app, api.getPlayerPayments, sub, { body: { ...TODAY, idPlayer: pl } }),
    );
    expect(listed.Rows.find((r) => r.IdPayment === paid.Payment.IdPayment)?.EnteredBy).toBe(
      'AG1SUB',
    );
    const history = ok<{ Rows: { Type: number; Amount: number; CreatedBy: string }[] }>(
      await call(ctx.app, api.getPlayerHistoryReport, sub, { body: { ...TODAY, idPlayer: pl } }),
    );
    expect(history.Rows.find((t) => t.Type === 1 && t.Amount === 1234)?.CreatedBy).toBe('AG1SUB');

    // MASTER acting for AG1: the agent at the keyboard is named, not the one whose book it is.
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const ag1 = await idOf(ctx.database, 'agents', 'AG1');
    const forAg1 = ok<{ Payment: { EnteredBy: string } }>(
      await call(ctx.app, api.insertPlayerPayment, actingAs(master, ag1), {
        body: payment(await playerOf('AG1'), 500),
      }),
    );
    expect(forAg1.Payment.EnteredBy).toBe('MASTER');
    const settled = ok<{ Payment: { EnteredBy: string } }>(
      await call(ctx.app, api.insertAgentPayment, master, {
        body: {
          idAgent: ag1,
          amount: 10_000,
          direction: 'toMaster',
          method: 'bank',
          idempotencyKey: randomUUID(),
        },
      }),
    );
    expect(settled.Payment.EnteredBy).toBe('MASTER');

    const [open] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`select w.id from wagers w join agents a on a.id = w.agent_id
          where a.login = 'AG1SUB' and w.status = 'open' order by w.id limit 1`,
    );
    ok(
      await call(ctx.app, api.wagerDelete, sub, {
        body: { idWager: open!.id, reason: 'Entered twice' },
      }),
    );
    const changed = ok<{ Rows: { IdWager: number; ChangedBy: string }[] }>(
      await call(ctx.app, api.getChangedBetsReport, sub, {
        query: { startDate: '2026-11-01', endDate: '2026-11-30' },
      }),
    );
    expect(changed.Rows.find((r) => r.IdWager === open!.id)?.ChangedBy).toBe('AG1SUB');

    // The export says it the same way, and no list of the book names anyone by e-mail.
    const csv = await call(ctx.app, api.exportReport, sub, {
      body: { report: 'playerPayments', filters: { ...TODAY, idPlayer: pl }, format: 'csv' },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toMatch(/(^|,)AG1SUB(,|\r\n)/m);
    expect(csv.body).not.toContain('@demo.backline.test');
    const week = { startDate: '2026-08-24', endDate: '2026-11-30' };
    const everyone = [
      ...ok<{ Rows: { EnteredBy: string }[] }>(
        await call(ctx.app, api.getPlayerPayments, master, { body: week }),
      ).Rows.map((r) => r.EnteredBy),
      ...ok<{ Rows: { EnteredBy: string }[] }>(
        await call(ctx.app, api.getReportAgentPayment, master, { body: week }),
      ).Rows.map((r) => r.EnteredBy),
      ...ok<{ Rows: { ChangedBy: string }[] }>(
        await call(ctx.app, api.getChangedBetsReport, master, { query: week }),
      ).Rows.map((r) => r.ChangedBy),
    ];
    expect(everyone.length).toBeGreaterThan(3);
    for (const by of everyone) expect(by).toMatch(/^[A-Z0-9]+$/);
  });

  it('reads an e-mail stored by an earlier session as the login (migration 0015)', async () => {
    const db = ctx.database.db;
    const [w] = await queryRows<{ id: number; player_id: number; agent_id: number }>(
      db,
      sql`select w.id, w.player_id, w.agent_id from wagers w join agents a on a.id = w.agent_id
          where a.login = 'AG1SUB' and w.status = 'graded' order by w.id limit 1`,
    );
    await db.execute(sql`insert into wager_changes
        (site_id, wager_id, player_id, agent_id, status, changed_at, changed_by, reason, before, after, amount)
        values (1, ${w!.id}, ${w!.player_id}, ${w!.agent_id}, 'changed', now(), 'AG1@Demo.Backline.Test',
                'Before the fix', '{}', '{}', 0)`);
    const migration = readFileSync(
      new URL('../drizzle/0015_entered_by_login.sql', import.meta.url),
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint')) {
      await db.execute(sql.raw(statement));
    }
    const [row] = await queryRows<{ changed_by: string }>(
      db,
      sql`select changed_by from wager_changes where reason = 'Before the fix'`,
    );
    expect(row!.changed_by).toBe('AG1');
  });
});
