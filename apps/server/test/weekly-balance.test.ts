import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  addDays,
  api,
  convertMinor,
  type Currency,
  type WeeklyBalanceResponse,
} from '@backline/contract';
import { queryRows } from '../src/db/query.ts';
import {
  selectWeeklyBalance,
  selectWeekTotals,
  type WeekPage,
} from '../src/reports/weekly-balance/weekly-balance-repository.ts';
import { countLedgerViolations } from '../src/ledger/ledger-invariants.ts';
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

  it('totals every week of the demo from the agents\u2019 rollup exactly as the sum of the rows', async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const ag1 = await idOf(ctx.database, 'agents', 'AG1');
    for (let week = 0; week < 12; week++) {
      const startDate = addDays('2026-11-16', -7 * week);
      for (const idAgent of [undefined, ag1]) {
        const report = await weekly(master, { startDate, idAgent });
        const currencies = [...new Set(report.Rows.map((r) => r.Currency))].sort();
        expect(report.Totals.map((t) => t.Currency)).toEqual(currencies);
        for (const total of report.Totals) {
          const rows = report.Rows.filter((r) => r.Currency === total.Currency);
          const sum = (f: (r: (typeof rows)[number]) => number) =>
            rows.reduce((a, r) => a + f(r), 0);
          expect(total, `${startDate} ${total.Currency}`).toEqual({
            Currency: total.Currency,
            Players: rows.length,
            Carry: sum((r) => r.Carry),
            Days: [0, 1, 2, 3, 4, 5, 6].map((i) => sum((r) => r.Days[i]!)),
            WeekTotal: sum((r) => r.WeekTotal),
            Payments: sum((r) => r.Payments),
            Adjustments: sum((r) => r.Adjustments),
            Ending: sum((r) => r.Ending),
          });
        }
      }
    }
  });

  it('gives the same rows and totals from a small subtree\u2019s kept plans as from plans made per call', async () => {
    // The demo's subtrees all list fewer than FEW_PLAYERS players, so the service always takes the
    // kept-plan statements; here both forms run on the same weeks and must agree row for row.
    const agents = await Promise.all(
      ['MASTER', 'AG1', 'AG1SUB'].map((login) => idOf(ctx.database, 'agents', login)),
    );
    const sorts: WeekPage[] = [
      { sort: 'player', descending: false, offset: 0, limit: 25 },
      { sort: 'player', descending: true, offset: 25, limit: 25 },
      { sort: 'ending', descending: true, offset: 0, limit: 50 },
      { sort: 'day3', descending: false, offset: 10, limit: 7 },
      { sort: 'carry', descending: false, offset: 0, limit: 1000 },
    ];
    for (const agentId of agents) {
      for (const monday of ['2026-11-16', '2026-11-09', '2026-09-28']) {
        const q = { siteId: 1, agentId, monday, sunday: addDays(monday, 6) };
        const few = { ...q, fewPlayers: true };
        const all = await selectWeeklyBalance(ctx.database.db, q);
        expect(all.length, `${agentId} ${monday}`).toBeGreaterThan(0);
        expect(await selectWeeklyBalance(ctx.database.db, few)).toEqual(all);
        expect(await selectWeekTotals(ctx.database.db, few)).toEqual(
          await selectWeekTotals(ctx.database.db, q),
        );
        for (const page of sorts) {
          const planned = await selectWeeklyBalance(ctx.database.db, q, page);
          expect(planned.length).toBe(Math.max(0, Math.min(page.limit, all.length - page.offset)));
          expect(await selectWeeklyBalance(ctx.database.db, few, page)).toEqual(planned);
        }
      }
    }
  });

  it('pages, searches and sorts on the server, with totals of the whole week on every page', async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const all = await weekly(master, { period: 3 });
    expect(all.PageSize).toBeNull();
    expect(all.TotalRows).toBe(all.Rows.length);
    const pages: WeeklyBalanceResponse['Rows'] = [];
    for (let page = 1; pages.length < all.TotalRows; page++) {
      const one = await weekly(master, { period: 3, page, pageSize: 40 });
      expect(one.Rows.length).toBeLessThanOrEqual(40);
      expect(one.Rows.length).toBeGreaterThan(0);
      expect(one.TotalRows).toBe(all.TotalRows);
      expect(one.Totals).toEqual(all.Totals);
      pages.push(...one.Rows);
    }
    expect(pages).toEqual(all.Rows);

    // Money columns sort in the site currency across currencies (issue 14 item 5).
    const currencies = (await call(ctx.app, api.getCurrency, master)).json() as Currency[];
    const rate = new Map(currencies.map((c) => [c.Code, c.RateToSite]));
    const inSite = (amount: number, currency: string) =>
      convertMinor(amount, rate.get(currency)!, 2, 2);
    const byEnding = await weekly(master, { period: 3, sort: 'ending', dir: 'desc', pageSize: 25 });
    const expected = all.Rows.map((r) => inSite(r.Ending, r.Currency))
      .sort((a, b) => b - a)
      .slice(0, 25);
    expect(byEnding.Rows.map((r) => inSite(r.Ending, r.Currency))).toEqual(expected);

    const byDay = await weekly(master, { period: 3, sort: 'day4', dir: 'asc', pageSize: 10 });
    expect(byDay.Rows.map((r) => inSite(r.Days[4]!, r.Currency))).toEqual(
      all.Rows.map((r) => inSite(r.Days[4]!, r.Currency))
        .sort((a, b) => a - b)
        .slice(0, 10),
    );

    const needle = all.Rows[7]!.Name.split(' ')[0]!.toLowerCase();
    const found = await weekly(master, { period: 3, search: needle, pageSize: 1000 });
    const matching = all.Rows.filter(
      (r) => r.Player.toLowerCase().includes(needle) || r.Name.toLowerCase().includes(needle),
    );
    expect(found.TotalRows).toBe(matching.length);
    expect(found.Rows.map((r) => r.IdPlayer)).toEqual(matching.map((r) => r.IdPlayer));
    expect(found.Totals).toEqual(all.Totals);
    // LIKE characters in a search are taken literally.
    expect((await weekly(master, { period: 3, search: '%' })).TotalRows).toBe(0);
  });

  it('moves the totals with a payment in the same transaction', async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const sub = await logIn(ctx.app, 'AG1SUB', 'demo-sub');
    const before = await weekly(sub, { period: 2, pageSize: 1 });
    const player = (await weekly(sub, { period: 2 })).Rows.find((r) => r.Currency === 'USD')!;
    const paid = await call(ctx.app, api.insertPlayerPayment, master, {
      body: {
        idPlayer: player.IdPlayer,
        amount: 12_345,
        direction: 'receipt',
        method: 'cash',
        note: 'rollup check',
        idempotencyKey: crypto.randomUUID(),
      },
    });
    expect(paid.statusCode, paid.body).toBeLessThan(300);
    const after = await weekly(sub, { period: 2, pageSize: 1 });
    const usd = (r: WeeklyBalanceResponse) => r.Totals.find((t) => t.Currency === 'USD')!;
    expect(usd(after).Payments - usd(before).Payments).toBe(12_345);
    expect(usd(after).Ending - usd(before).Ending).toBe(12_345);
    expect(usd(after).Carry).toBe(usd(before).Carry);
  });

  it('keeps counting players right when one is deactivated, moved or added (the agents\u2019 counts follow by trigger)', async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const db = ctx.database.db;
    const [pick] = await queryRows<{ id: number }>(
      db,
      sql`select id from players where site_id = 1 and active order by id desc limit 1`,
    );
    await db.execute(sql`update players set active = false where id = ${pick!.id}`);
    await db.execute(
      sql`update players set agent_id = (select id from agents where login = 'AG2' and site_id = 1)
          where id = (select id from players where site_id = 1 and active order by id desc limit 1 offset 1)`,
    );
    const violations = await countLedgerViolations(db);
    expect(violations.agentPlayerCountsMatchPlayers).toBe(0);
    for (const period of [2, 3]) {
      const paged = await weekly(master, { period, pageSize: 5 });
      const all = await weekly(master, { period });
      expect(paged.TotalRows).toBe(all.Rows.length);
      for (const total of paged.Totals)
        expect(total.Players).toBe(all.Rows.filter((r) => r.Currency === total.Currency).length);
    }
  });

  it('counts inactive players the week lists in every week of the history, as the rows list them', async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const db = ctx.database.db;
    // Inactive players of every kind: one with entries after the weeks asked, one whose balance is
    // still open, one settled to zero, one without any entry.
    await db.execute(
      sql`update players set active = false where site_id = 1 and id in (
            (select id from players where site_id = 1 and active and balance <> 0 order by id limit 3)
            union all (select id from players where site_id = 1 and active and balance = 0 order by id limit 3)
            union all (select p.id from players p where p.site_id = 1 and p.active
                       and not exists (select 1 from player_weekly w where w.player_id = p.id) limit 2))`,
    );
    const [kinds] = await queryRows<{ inactive: number; open: number; never: number }>(
      db,
      sql`select count(*)::int as inactive, (count(*) filter (where balance <> 0))::int as open,
            (count(*) filter (where last_week is null))::int as never
          from players where site_id = 1 and not active`,
    );
    expect(kinds!.open).toBeGreaterThan(0);
    expect(kinds!.inactive).toBeGreaterThan(kinds!.open);
    for (let week = 0; week < 8; week++) {
      const startDate = addDays('2026-11-16', -7 * week);
      const paged = await weekly(master, { startDate, pageSize: 3 });
      const all = await weekly(master, { startDate });
      expect(paged.TotalRows, startDate).toBe(all.Rows.length);
      for (const total of paged.Totals)
        expect(total.Players, `${startDate} ${total.Currency}`).toBe(
          all.Rows.filter((r) => r.Currency === total.Currency).length,
        );
    }
    expect((await countLedgerViolations(db)).lastWeekIsLatestWeeklyRow).toBe(0);
  });

  it('refuses an unknown sort, a page size over 1,000 and a search over 100 characters', async () => {
    const sub = await logIn(ctx.app, 'AG1SUB', 'demo-sub');
    for (const [body, field] of [
      [{ sort: 'balance' }, 'sort'],
      [{ pageSize: 1001 }, 'pageSize'],
      [{ page: 0, pageSize: 10 }, 'page'],
      [{ search: 'x'.repeat(101) }, 'search'],
      [{ dir: 'up' }, 'dir'],
    ] as const) {
      const res = await call(ctx.app, api.weeklyBalance, sub, { body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().Params.field).toContain(field);
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

  it('refuses AG1SUB asking for AG2\u2019s players with 404, as if they did not exist', async () => {
    const sub = await logIn(ctx.app, 'AG1SUB', 'demo-sub');
    const ag2 = await idOf(ctx.database, 'agents', 'AG2');
    const res = await call(ctx.app, api.weeklyBalance, sub, { body: { idAgent: ag2 } });
    expect(res.statusCode).toBe(404);
    const [player] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`select p.id from players p join agents a on a.id = p.agent_id where a.login = 'AG2' limit 1`,
    );
    const day = await call(ctx.app, api.getWeeklyBalancePlayerDailyTransactions, sub, {
      body: { idPlayer: player!.id, date: '2026-11-16' },
    });
    expect(day.statusCode).toBe(404);
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
    ).toBe(404);
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
    expect(badDate.json().Params.field).toContain('startDate');
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
    expect(res.json().Params.field).toContain('date');
  });
});
