import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, api, type WeeklyBalanceResponse } from '@backline/contract';
import { queryRows } from '../src/db/client.ts';
import { call, logIn, useTestApp } from './helpers.ts';
import { idOf } from './db-helpers.ts';

const ctx = useTestApp();

/** The weekly figures of every player computed straight from the ledger, not from the rollups. */
async function ledgerWeek(monday: string) {
  const sunday = addDays(monday, 6);
  const rows = await queryRows<{
    player_id: number;
    carry: number;
    payments: number;
    adjustments: number;
    ending: number;
    days: number[];
  }>(
    ctx.database.db,
    sql`select player_id,
      coalesce(sum(amount) filter (where type <> 4 and day < ${monday}::date), 0)::bigint as carry,
      coalesce(sum(amount) filter (where type = 1 and day between ${monday}::date and ${sunday}::date), 0)::bigint as payments,
      coalesce(sum(amount) filter (where type = 3 and day between ${monday}::date and ${sunday}::date), 0)::bigint as adjustments,
      coalesce(sum(amount) filter (where type <> 4 and day <= ${sunday}::date), 0)::bigint as ending,
      array(select coalesce(sum(l2.amount), 0)::bigint from generate_series(0, 6) g
            left join ledger l2 on l2.player_id = l.player_id and l2.day = ${monday}::date + g and l2.type in (2, 5, 6, 7)
            group by g order by g) as days
    from ledger l group by player_id`,
  );
  return new Map(rows.map((r) => [r.player_id, { ...r, days: r.days.map(Number) }]));
}

async function weekly(caller: Awaited<ReturnType<typeof logIn>>, body: object) {
  const res = await call(ctx.app, api.weeklyBalance, caller, { body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as WeeklyBalanceResponse;
}

describe('AgentSiteFrames/WeeklyBalance', () => {
  it('equals the ledger for every player of AG1SUB, this week and last week, and the weeks chain', async () => {
    const sub = await logIn(ctx.app, 'AG1SUB', 'demo-sub');
    const thisWeek = await weekly(sub, { period: 2 });
    const lastWeek = await weekly(sub, { period: 3 });
    expect(thisWeek.StartDate).toBe('2026-11-16');
    expect(thisWeek.EndDate).toBe('2026-11-22');
    expect(lastWeek.StartDate).toBe('2026-11-09');
    expect(thisWeek.Rows.length).toBeGreaterThan(10);

    for (const report of [thisWeek, lastWeek]) {
      const truth = await ledgerWeek(report.StartDate);
      for (const row of report.Rows) {
        const t = truth.get(row.IdPlayer) ?? {
          carry: 0,
          payments: 0,
          adjustments: 0,
          ending: 0,
          days: [0, 0, 0, 0, 0, 0, 0],
        };
        expect(row.Carry, row.Player).toBe(t.carry);
        expect(row.Days, row.Player).toEqual(t.days);
        expect(row.Payments, row.Player).toBe(t.payments);
        expect(row.Adjustments, row.Player).toBe(t.adjustments);
        expect(row.Ending, row.Player).toBe(t.ending);
        expect(row.Ending).toBe(row.Carry + row.WeekTotal + row.Payments + row.Adjustments);
        expect(row.WeekTotal).toBe(row.Days.reduce((a, b) => a + b, 0));
      }
    }
    const lastEnding = new Map(lastWeek.Rows.map((r) => [r.IdPlayer, r.Ending]));
    for (const row of thisWeek.Rows)
      expect(row.Carry, row.Player).toBe(lastEnding.get(row.IdPlayer) ?? 0);
  });

  it('totals each currency as the sum of its rows', async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const report = await weekly(master, { period: 3 });
    for (const total of report.Totals) {
      const rows = report.Rows.filter((r) => r.Currency === total.Currency);
      expect(total.Players).toBe(rows.length);
      expect(total.Ending).toBe(rows.reduce((a, r) => a + r.Ending, 0));
      expect(total.WeekTotal).toBe(rows.reduce((a, r) => a + r.WeekTotal, 0));
      expect(total.Days[0]).toBe(rows.reduce((a, r) => a + r.Days[0]!, 0));
    }
  });

  it('shows an agent only its own subtree, and the master everything of its site', async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const sub = await logIn(ctx.app, 'AG1SUB', 'demo-sub');
    const all = await weekly(master, { period: 2 });
    const mine = await weekly(sub, { period: 2 });
    const players = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from players where site_id = 1 and active`,
    );
    expect(all.Rows.length).toBeGreaterThanOrEqual(players[0]!.n);
    const underSub = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`select p.id from players p join agent_closure c on c.descendant_id = p.agent_id
          join agents a on a.id = c.ancestor_id where a.login = 'AG1SUB' and a.site_id = 1`,
    );
    const allowed = new Set(underSub.map((r) => r.id));
    expect(mine.Rows.every((r) => allowed.has(r.IdPlayer))).toBe(true);
    // The master's block for AG1SUB is the same report as AG1SUB's own.
    const viaMaster = await weekly(master, {
      period: 2,
      idAgent: await idOf(ctx.database, 'agents', 'AG1SUB'),
    });
    expect(viaMaster.Rows).toEqual(mine.Rows);
  });

  it('refuses AG1SUB asking for AG2\u2019s players with 403', async () => {
    const sub = await logIn(ctx.app, 'AG1SUB', 'demo-sub');
    const ag2 = await idOf(ctx.database, 'agents', 'AG2');
    const res = await call(ctx.app, api.weeklyBalance, sub, { body: { idAgent: ag2 } });
    expect(res.statusCode).toBe(403);
    const [player] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`select p.id from players p join agents a on a.id = p.agent_id where a.login = 'AG2' limit 1`,
    );
    const day = await call(ctx.app, api.getWeeklyBalancePlayerDailyTransactions, sub, {
      body: { idPlayer: player!.id, date: '2026-11-16' },
    });
    expect(day.statusCode).toBe(403);
  });

  it('shows MASTER2 nothing of site 1', async () => {
    const master2 = await logIn(ctx.app, 'MASTER2', 'demo-master', 2);
    const report = await weekly(master2, { period: 2 });
    const site1 = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`select id from players where site_id = 1`,
    );
    const foreign = new Set(site1.map((r) => r.id));
    expect(report.Rows.length).toBeGreaterThan(0);
    expect(report.Rows.some((r) => foreign.has(r.IdPlayer))).toBe(false);
    const site1Master = await idOf(ctx.database, 'agents', 'MASTER');
    expect(
      (await call(ctx.app, api.weeklyBalance, master2, { body: { idAgent: site1Master } }))
        .statusCode,
    ).toBe(403);
    const pl1001 = await idOf(ctx.database, 'players', 'PL1001');
    const day = await call(ctx.app, api.getWeeklyBalancePlayerDailyTransactions, master2, {
      body: { idPlayer: pl1001, date: '2026-11-16' },
    });
    expect(day.statusCode).toBe(404);
  });

  it('answers 401 without a session and 400 for bad input', async () => {
    const sub = await logIn(ctx.app, 'AG1SUB', 'demo-sub');
    const noAuth = await call(ctx.app, api.weeklyBalance, { csrf: sub.csrf }, { body: {} });
    expect(noAuth.statusCode).toBe(401);
    const badDate = await call(ctx.app, api.weeklyBalance, sub, {
      body: { startDate: '2026-13-01' },
    });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().Message).toContain('startDate');
    const badId = await call(ctx.app, api.weeklyBalance, sub, { body: { idAgent: 'abc' } });
    expect(badId.statusCode).toBe(400);
  });
});

describe('AgentSiteFrames/GetWeeklyBalancePlayerDailyTransactions', () => {
  it('lists a day whose win/loss equals the day cell of the weekly balance', async () => {
    const sub = await logIn(ctx.app, 'AG1SUB', 'demo-sub');
    const report = await weekly(sub, { period: 3 });
    let checked = 0;
    for (const row of report.Rows.slice(0, 15)) {
      for (let i = 0; i < 7; i++) {
        if (row.Days[i] === 0) continue;
        const date = addDays(report.StartDate, i);
        const res = await call(ctx.app, api.getWeeklyBalancePlayerDailyTransactions, sub, {
          body: { idPlayer: row.IdPlayer, date },
        });
        expect(res.statusCode).toBe(200);
        const day = res.json();
        expect(day.DayTotal, `${row.Player} ${date}`).toBe(row.Days[i]);
        expect(day.Transactions.length).toBeGreaterThan(0);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(5);
  });

  it('rejects a date that is not a date', async () => {
    const sub = await logIn(ctx.app, 'AG1SUB', 'demo-sub');
    const res = await call(ctx.app, api.getWeeklyBalancePlayerDailyTransactions, sub, {
      body: { idPlayer: 1, date: '16/11/2026' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().Message).toContain('date');
  });
});
