import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import {
  addDays,
  api,
  convertMinor,
  type Currency,
  type Wager,
  type WagerPage,
} from '@backline/contract';
import { queryRows } from '../src/db/query.ts';
import { anonymous, call, logIn, ok, useTestApp, type Caller } from './helpers.ts';
import { idOf } from './db-helpers.ts';

const ctx = useTestApp();
const WEEK = { startDate: '2026-11-09', endDate: '2026-11-15' };

async function allPages(
  caller: Caller,
  endpoint: typeof api.getOpenBets | typeof api.getGradedBetsReport,
  query: Record<string, unknown>,
) {
  const rows: Wager[] = [];
  let first: WagerPage | undefined;
  for (let page = 1; ; page++) {
    const res = ok<WagerPage>(
      await call(ctx.app, endpoint, caller, { query: { ...query, page, pageSize: 200 } }),
    );
    first ??= res;
    rows.push(...res.Rows);
    if (rows.length >= res.TotalRows || res.Rows.length === 0) break;
  }
  return { rows, first: first! };
}

describe('GetGradedBetsReport', () => {
  it('sums a player\u2019s graded bets of a day to that day\u2019s wager entries, and totals cover every page', async () => {
    const sub = await logIn(ctx.app, 'AG1SUB', 'demo-sub');
    const { rows, first } = await allPages(sub, api.getGradedBetsReport, WEEK);
    expect(rows.length).toBe(first.TotalRows);
    expect(rows.length).toBeGreaterThan(20);
    for (const t of first.Totals) {
      const mine = rows.filter((r) => r.Currency === t.Currency);
      expect(t.Count).toBe(mine.length);
      expect(t.Risk).toBe(mine.reduce((a, r) => a + r.Risk, 0));
      expect(t.Amount).toBe(mine.reduce((a, r) => a + r.Amount, 0));
    }
    const players = [...new Set(rows.map((r) => r.IdPlayer))].slice(0, 6);
    let checked = 0;
    for (const idPlayer of players) {
      for (let i = 0; i < 7; i++) {
        const day = addDays(WEEK.startDate, i);
        const graded = ok<WagerPage>(
          await call(ctx.app, api.getGradedBetsReport, sub, {
            query: { idPlayer, startDate: day, endDate: day, pageSize: 500 },
          }),
        );
        const ledgerDay = ok<{ Transactions: { Type: number; Amount: number }[] }>(
          await call(ctx.app, api.getWeeklyBalancePlayerDailyTransactions, sub, {
            body: { idPlayer, date: day },
          }),
        );
        const wagerFigure = ledgerDay.Transactions.filter((t) => t.Type === 2).reduce(
          (a, t) => a + t.Amount,
          0,
        );
        expect(
          graded.Rows.reduce((a, r) => a + r.Amount, 0),
          `${idPlayer} ${day}`,
        ).toBe(wagerFigure);
        if (wagerFigure !== 0) checked++;
      }
    }
    expect(checked).toBeGreaterThan(3);
  });

  it('narrows correctly under every combination of filters', async () => {
    const sub = await logIn(ctx.app, 'AG1SUB', 'demo-sub');
    const { rows: all } = await allPages(sub, api.getGradedBetsReport, WEEK);
    const currencies = await queryRows<{ id: number; code: string }>(
      ctx.database.db,
      sql`select id, code from currencies`,
    );
    const players = [...new Set(all.map((r) => r.IdPlayer))];
    const filter = fc.record(
      {
        wagerType: fc.constantFrom(...new Set(all.map((r) => r.WagerType))),
        sport: fc.constantFrom(...new Set(all.map((r) => r.Sport))),
        betResult: fc.constantFrom('win', 'loss', 'push', 'noaction'),
        idPlayer: fc.constantFrom(...players),
        idCurrency: fc.constantFrom(...currencies.map((c) => c.id)),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(filter, async (f) => {
        const code = currencies.find((c) => c.id === f.idCurrency)?.code;
        const expected = all
          .filter(
            (r) =>
              (f.wagerType === undefined || r.WagerType === f.wagerType) &&
              (f.sport === undefined || r.Sport === f.sport) &&
              (f.betResult === undefined || r.Result === f.betResult) &&
              (f.idPlayer === undefined || r.IdPlayer === f.idPlayer) &&
              (code === undefined || r.Currency === code),
          )
          .map((r) => r.IdWager)
          .sort();
        const { rows } = await allPages(sub, api.getGradedBetsReport, { ...WEEK, ...f });
        expect(rows.map((r) => r.IdWager).sort()).toEqual(expected);
      }),
      { numRuns: 40 },
    );
  });

  it('answers bad dates, unknown sports and types with a clear 400', async () => {
    const sub = await logIn(ctx.app, 'AG1SUB', 'demo-sub');
    const cases: [Record<string, unknown>, string][] = [
      [{ startDate: '2026-02-30', endDate: '2026-03-01' }, 'startDate'],
      [{ startDate: '2026-11-15', endDate: '2026-11-01' }, 'endDate'],
      [{ ...WEEK, sport: 'CRICKET' }, 'sport'],
      [{ ...WEEK, wagerType: 'lottery' }, 'wagerType'],
      [{ ...WEEK, betResult: 'maybe' }, 'betResult'],
      [{ ...WEEK, pageSize: 10_000 }, 'pageSize'],
      [{ endDate: '2026-11-01' }, 'startDate'],
    ];
    for (const [query, field] of cases) {
      const res = await call(ctx.app, api.getGradedBetsReport, sub, { query });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().Params.field).toContain(field);
    }
    expect(
      (await call(ctx.app, api.getGradedBetsReport, await anonymous(ctx.app), { query: WEEK }))
        .statusCode,
    ).toBe(401);
  });
});

describe('open bets', () => {
  it('pages open wagers with totals over every page and a summary that agrees', async () => {
    const ag1 = await logIn(ctx.app, 'AG1', 'demo-agent');
    const { rows, first } = await allPages(ag1, api.getOpenBets, {});
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.Result === 'open' && !r.Deleted)).toBe(true);
    const summary = ok<{
      ByPlayer: { Risk: number }[];
      BySport: { Risk: number }[];
      Totals: { Risk: number }[];
    }>(await call(ctx.app, api.getOpenBetsReport, ag1, { query: {} }));
    const risk = rows.reduce((a, r) => a + r.Risk, 0);
    expect(first.Totals.reduce((a, t) => a + t.Risk, 0)).toBe(risk);
    expect(summary.ByPlayer.reduce((a, r) => a + r.Risk, 0)).toBe(risk);
    expect(summary.BySport.reduce((a, r) => a + r.Risk, 0)).toBe(risk);
    const [atRisk] = await queryRows<{ total: number }>(
      ctx.database.db,
      sql`select coalesce(sum(p.at_risk), 0)::bigint as total from players p
          join agent_closure c on c.descendant_id = p.agent_id where c.ancestor_id = ${await idOf(ctx.database, 'agents', 'AG1')}`,
    );
    expect(rows.filter((r) => !r.FreePlay).reduce((a, r) => a + r.Risk, 0)).toBe(atRisk!.total);
  });

  it('sorts on the server, money in the site currency across currencies', async () => {
    const ag1 = await logIn(ctx.app, 'AG1', 'demo-agent');
    const page = ok<WagerPage>(
      await call(ctx.app, api.getOpenBets, ag1, {
        query: { sort: 'risk', dir: 'asc', pageSize: 100 },
      }),
    );
    const currencies = ok<Currency[]>(await call(ctx.app, api.getCurrency, ag1));
    const rate = new Map(currencies.map((c) => [c.Code, c.RateToSite]));
    const risks = page.Rows.map((r) => convertMinor(r.Risk, rate.get(r.Currency)!, 2, 2));
    expect(risks).toEqual([...risks].sort((a, b) => a - b));
  });
});

describe('GetWagerGameScore', () => {
  it('shows a wager of the subtree with its legs and scores, and refuses others', async () => {
    const sub = await logIn(ctx.app, 'AG1SUB', 'demo-sub');
    const graded = ok<WagerPage>(
      await call(ctx.app, api.getGradedBetsReport, sub, {
        query: { ...WEEK, wagerType: 'parlay' },
      }),
    );
    const wager = graded.Rows[0]!;
    const res = ok<{ Wager: Wager; Games: { HomeScore: number | null }[] }>(
      await call(ctx.app, api.getWagerGameScore, sub, { query: { idWager: wager.IdWager } }),
    );
    expect(res.Wager.Legs.length).toBeGreaterThan(1);
    expect(res.Games.length).toBeGreaterThan(0);
    expect(res.Games.some((g) => g.HomeScore !== null)).toBe(true);
    const [foreign] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`select w.id from wagers w join agents a on a.id = w.agent_id where a.login = 'AG2' limit 1`,
    );
    expect(
      (await call(ctx.app, api.getWagerGameScore, sub, { query: { idWager: foreign!.id } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(ctx.app, api.getWagerGameScore, sub, { query: { idWager: 'x' } })).statusCode,
    ).toBe(400);
  });
});

describe('FindWagerByTicket', () => {
  const find = (caller: Caller | null, ticket: unknown) =>
    call(ctx.app, api.findWagerByTicket, caller, { query: { ticketNumber: ticket } });

  it('finds a ticket of the subtree at any date, graded or open, as shown or shortened', async () => {
    const sub = await logIn(ctx.app, 'AG1SUB', 'demo-sub');
    const [oldest] = await queryRows<{ id: number; ticket: string; amount: number }>(
      ctx.database.db,
      sql`select w.id, w.ticket, w.amount from wagers w join agents a on a.id = w.agent_id
          where a.login = 'AG1SUB' and w.status = 'graded' order by w.placed_at limit 1`,
    );
    const graded = ok<{ Wager: Wager }>(await find(sub, oldest!.ticket)).Wager;
    expect(graded).toMatchObject({
      IdWager: oldest!.id,
      Ticket: oldest!.ticket,
      Amount: oldest!.amount,
      Deleted: false,
    });
    expect(graded.Result).not.toBe('open');
    expect(graded.GradedAt).not.toBeNull();
    expect(graded.Legs.length).toBeGreaterThan(0);
    // Well before this month: the old lookup in the browser never saw it.
    expect(graded.PlacedAt < '2026-11-01').toBe(true);
    const short = `w${String(oldest!.id)}`;
    expect(ok<{ Wager: Wager }>(await find(sub, ` ${short} `)).Wager.Ticket).toBe(oldest!.ticket);

    const [open] = await queryRows<{ ticket: string }>(
      ctx.database.db,
      sql`select w.ticket from wagers w join agents a on a.id = w.agent_id
          where a.login = 'AG1SUB' and w.status = 'open' limit 1`,
    );
    const openWager = ok<{ Wager: Wager }>(await find(sub, open!.ticket)).Wager;
    expect(openWager.Result).toBe('open');
    expect(openWager.GradedAt).toBeNull();
  });

  it('answers a ticket of another tree exactly as one that does not exist', async () => {
    const sub = await logIn(ctx.app, 'AG1SUB', 'demo-sub');
    const [foreign] = await queryRows<{ id: number; ticket: string }>(
      ctx.database.db,
      sql`select w.id, w.ticket from wagers w join agents a on a.id = w.agent_id where a.login = 'AG2' limit 1`,
    );
    const [{ max }] = (await queryRows<{ max: number }>(
      ctx.database.db,
      sql`select max(id)::int8 as max from wagers`,
    )) as [{ max: number }];
    const missingTicket = `W${String(Number(max) + 1000).padStart(9, '0')}`;
    const other = await find(sub, foreign!.ticket);
    const missing = await find(sub, missingTicket);
    expect(other.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    const message = (res: { json: () => unknown }) =>
      (res.json() as { Message: string }).Message.replace(/W\d+/, 'W…');
    expect(message(other)).toBe(message(missing));
    expect(other.body).not.toContain('AG2');
    // Beyond any id the database can hold: still plainly not found.
    expect((await find(sub, 'W99999999999999')).statusCode).toBe(404);
  });

  it('refuses bad input, no session and an agent without the right to delete wagers', async () => {
    const sub = await logIn(ctx.app, 'AG1SUB', 'demo-sub');
    for (const bad of ['', 'X000008092', '8092', 'W', 'W12a', 'W000008092;--']) {
      const res = await find(sub, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().Params.field).toMatch(/ticket/i);
    }
    expect((await find(null, 'W000000001')).statusCode).toBe(401);
    expect((await find(await anonymous(ctx.app), 'W000000001')).statusCode).toBe(401);
    const ag2 = await logIn(ctx.app, 'AG2', 'demo-agent'); // AG2 lacks deleteWagers
    const [own] = await queryRows<{ ticket: string }>(
      ctx.database.db,
      sql`select w.ticket from wagers w join agents a on a.id = w.agent_id where a.login = 'AG2' limit 1`,
    );
    expect((await find(ag2, own!.ticket)).statusCode).toBe(403);
  });
});

describe('WagerDelete', () => {
  async function state(playerId: number, wagerId: number) {
    const [row] = await queryRows<{
      balance: number;
      ledger: number;
      at_risk: number;
      open_risk: number;
      weekly_ending: number;
      status: string;
      audits: number;
      changes: number;
    }>(
      ctx.database.db,
      sql`select p.balance,
            (select coalesce(sum(amount), 0) from ledger where player_id = p.id and type <> 4)::bigint as ledger,
            p.at_risk,
            (select coalesce(sum(risk), 0) from wagers where player_id = p.id and status = 'open' and not free_play)::bigint as open_risk,
            (select ending from player_weekly where player_id = p.id order by week_start desc limit 1) as weekly_ending,
            (select status from wagers where id = ${wagerId}) as status,
            (select count(*) from audit_log where action = 'wager.delete' and target_id = ${wagerId})::int as audits,
            (select count(*) from wager_changes where wager_id = ${wagerId} and status = 'deleted')::int as changes
          from players p where p.id = ${playerId}`,
    );
    return row!;
  }

  for (const kind of ['open', 'graded'] as const) {
    it(`voids a ${kind} wager: balance restored to the cent, rollups consistent, change and audit rows`, async () => {
      const sub = await logIn(ctx.app, 'AG1SUB', 'demo-sub');
      const [w] = await queryRows<{
        id: number;
        player_id: number;
        amount: number;
        ticket: string;
      }>(
        ctx.database.db,
        sql`select w.id, w.player_id, w.amount, w.ticket from wagers w join agents a on a.id = w.agent_id
            where a.login = 'AG1SUB' and w.status = ${kind} and not w.free_play ${kind === 'graded' ? sql`and w.amount <> 0` : sql``}
            order by w.id desc limit 1`,
      );
      const before = await state(w!.player_id, w!.id);
      const res = ok<{ Reversed: number; BalanceAfter: number }>(
        await call(ctx.app, api.wagerDelete, sub, {
          body: { idWager: w!.id, reason: 'Posted on the wrong line' },
        }),
      );
      const after = await state(w!.player_id, w!.id);
      expect(res.Reversed).toBe(kind === 'graded' ? -w!.amount : 0);
      expect(after.balance).toBe(before.balance - (kind === 'graded' ? w!.amount : 0));
      expect(res.BalanceAfter).toBe(after.balance);
      expect(after.ledger).toBe(after.balance);
      expect(after.at_risk).toBe(after.open_risk);
      expect(after.weekly_ending).toBe(after.balance);
      expect(after.status).toBe('deleted');
      expect(after.audits).toBe(1);
      expect(after.changes).toBe(1);
      const today = '2026-11-21';
      const changed = ok<{
        Rows: {
          IdWager: number;
          Reason: string;
          ChangedBy: string;
          Before: { Status: string };
          After: { Status: string };
        }[];
      }>(
        await call(ctx.app, api.getChangedBetsReport, sub, {
          query: { startDate: '2026-11-01', endDate: today, status: 'deleted' },
        }),
      );
      const row = changed.Rows.find((r) => r.IdWager === w!.id);
      expect(row).toMatchObject({
        Reason: 'Posted on the wrong line',
        ChangedBy: 'AG1SUB',
      });
      expect(row!.Before.Status).toBe(kind);
      expect(row!.After.Status).toBe('deleted');
      const again = await call(ctx.app, api.wagerDelete, sub, {
        body: { idWager: w!.id, reason: 'Twice' },
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().Code).toBe('wager_already_deleted');
      expect(await state(w!.player_id, w!.id)).toEqual(after);
    });
  }

  it('refuses without the right or outside the subtree, and changes nothing', async () => {
    const [w] = await queryRows<{ id: number; player_id: number }>(
      ctx.database.db,
      sql`select w.id, w.player_id from wagers w join agents a on a.id = w.agent_id where a.login = 'AG2' and w.status = 'open' limit 1`,
    );
    const before = await state(w!.player_id, w!.id);
    const sub = await logIn(ctx.app, 'AG1SUB', 'demo-sub');
    expect(
      (await call(ctx.app, api.wagerDelete, sub, { body: { idWager: w!.id, reason: 'Not mine' } }))
        .statusCode,
    ).toBe(404);
    const ag2 = await logIn(ctx.app, 'AG2', 'demo-agent'); // AG2 lacks deleteWagers
    expect(
      (await call(ctx.app, api.wagerDelete, ag2, { body: { idWager: w!.id, reason: 'No right' } }))
        .statusCode,
    ).toBe(403);
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    expect(
      (await call(ctx.app, api.wagerDelete, master, { body: { idWager: w!.id, reason: '' } }))
        .statusCode,
    ).toBe(400);
    expect(await state(w!.player_id, w!.id)).toEqual(before);
  });
});

describe('GetBeatTheLineFrame and GetActionByPlayer', () => {
  it('finds sharp players with beaters only, and lists a player\u2019s legs', async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const range = { startDate: '2026-08-24', endDate: '2026-11-22' };
    const all = ok<{
      Players: { IdPlayer: number; Legs: number; Beat: number; BeatRate: number }[];
    }>(await call(ctx.app, api.getBeatTheLineFrame, master, { body: range }));
    const beaters = ok<{
      Players: { IdPlayer: number; Legs: number; Rank: number | null; Score: number | null }[];
    }>(
      await call(ctx.app, api.getBeatTheLineFrame, master, {
        body: { ...range, beatersOnly: true },
      }),
    );
    expect(all.Players.length).toBeGreaterThan(beaters.Players.length);
    expect(beaters.Players.length).toBeGreaterThan(0);
    // Beaters: ranked players (enough graded legs) whose CLV score beats the close.
    expect(beaters.Players.every((p) => p.Rank !== null && p.Score! > 0)).toBe(true);
    const one = beaters.Players[0]!;
    const legs = ok<{ Legs: { Beat: boolean }[] }>(
      await call(ctx.app, api.getBeatTheLineFrame, master, {
        body: { ...range, idPlayer: one.IdPlayer },
      }),
    );
    expect(legs.Legs.length).toBe(Math.min(one.Legs, 500));
    expect(legs.Legs.filter((l) => l.Beat).length).toBe(
      all.Players.find((p) => p.IdPlayer === one.IdPlayer)!.Beat,
    );
  });

  it('ranks by CLV score over the latest graded legs, as DOMAIN.md defines it, never from a few lucky legs', async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const range = { startDate: '2026-08-24', endDate: '2026-11-22' };
    type Player = {
      IdPlayer: number;
      Legs: number;
      Score: number | null;
      ScoreLegs: number;
      ScoreWagers: number;
      Rank: number | null;
    };
    type Frame = {
      Scoring: Record<string, number>;
      Players: Player[];
    };
    const frame = async () =>
      ok<Frame>(await call(ctx.app, api.getBeatTheLineFrame, master, { body: range }));
    // The definition, straight from the legs: a leg's value in cents of price plus the points
    // beaten at 20 cents a point; the score is the mean of the latest 100 graded legs.
    const truth = async () =>
      new Map(
        (
          await queryRows<{ player_id: number; score: number; n: number; wagers: number }>(
            ctx.database.db,
            sql`with legs as (
                select w.player_id,
                  (case when wl.odds_taken >= 100 then wl.odds_taken - 100 else wl.odds_taken + 100 end)
                  - (case when wl.closing_odds >= 100 then wl.closing_odds - 100 else wl.closing_odds + 100 end)
                  + 20 * coalesce(case wl.market when 'spread' then wl.line_taken - wl.closing_line
                      when 'total' then case when wl.selection ~* '\\mover\\M'
                        then wl.closing_line - wl.line_taken else wl.line_taken - wl.closing_line end end, 0) as v,
                  w.id as wager_id,
                  row_number() over (partition by w.player_id order by w.graded_at desc, w.id desc, wl.id) as k
                from wagers w join wager_legs wl on wl.wager_id = w.id
                join players p on p.id = w.player_id and p.site_id = 1
                where w.status = 'graded' and wl.closing_odds is not null
                  and wl.market in ('spread', 'total', 'moneyline')
                  and w.placed_at >= ${'2026-08-24T04:00:00Z'}::timestamptz
                  and w.placed_at < ${'2026-11-23T05:00:00Z'}::timestamptz)
              select player_id, avg(v)::float8 as score, count(*)::int as n,
                count(distinct wager_id)::int as wagers from legs where k <= 100
              group by player_id`,
          )
        ).map((r) => [r.player_id, r]),
      );
    const first = await frame();
    expect(first.Scoring).toEqual({
      LastLegs: 100,
      MinLegs: 20,
      MinWagers: 10,
      SharpScore: 5,
      CentsPerPoint: 20,
    });
    const expected = await truth();
    for (const p of first.Players) {
      const t = expected.get(p.IdPlayer);
      expect(p.ScoreLegs).toBe(t?.n ?? 0);
      expect(p.ScoreWagers).toBe(t?.wagers ?? 0);
      // The score is answered to a tenth of a cent.
      if (t) expect(Math.abs(p.Score! - t.score)).toBeLessThanOrEqual(0.05 + 1e-9);
      else expect(p.Score).toBeNull();
      expect(p.Rank === null).toBe(p.ScoreLegs < 20 || p.ScoreWagers < 10 || p.Score === null);
    }
    const ranked = first.Players.filter((p) => p.Rank !== null);
    expect(ranked.map((p) => p.Rank)).toEqual(ranked.map((_, i) => i + 1));
    expect(first.Players.slice(0, ranked.length)).toEqual(ranked);
    for (let i = 1; i < ranked.length; i++) {
      expect(ranked[i]!.Score!).toBeLessThanOrEqual(ranked[i - 1]!.Score!);
    }

    // A player with a handful of graded legs that all crushed the close (one lucky ticket) gets
    // the best score of the book, and still is listed after every ranked player, unranked.
    const lucky = first.Players.filter((p) => p.ScoreLegs > 0 && p.ScoreLegs < 20).at(-1)!;
    expect(lucky).toBeDefined();
    const saved = await queryRows<{ id: number; closing_odds: number }>(
      ctx.database.db,
      sql`select wl.id, wl.closing_odds from wager_legs wl join wagers w on w.id = wl.wager_id
          where w.player_id = ${lucky.IdPlayer} and wl.closing_odds is not null`,
    );
    await ctx.database.db.execute(
      sql`update wager_legs set closing_odds = -1000 where id in (${sql.join(
        saved.map((r) => sql`${r.id}`),
        sql`, `,
      )})`,
    );
    try {
      const after = await frame();
      const row = after.Players.find((p) => p.IdPlayer === lucky.IdPlayer)!;
      const top = after.Players[0]!;
      expect(row.Score!).toBeGreaterThan(top.Score!);
      expect(row.Rank).toBeNull();
      expect(top.Rank).toBe(1);
      expect(after.Players.indexOf(row)).toBeGreaterThanOrEqual(ranked.length);
    } finally {
      for (const r of saved) {
        await ctx.database.db.execute(
          sql`update wager_legs set closing_odds = ${r.closing_odds} where id = ${r.id}`,
        );
      }
    }
  });

  it('sums action by type per player, and converts when asked', async () => {
    const ag1 = await logIn(ctx.app, 'AG1', 'demo-agent');
    const q = { idAgent: 'null', startDate: WEEK.startDate, endDate: WEEK.endDate };
    const plain = ok<{
      Rows: {
        Count: number;
        Volume: number;
        ByType: Record<string, { Count: number; Volume: number }>;
      }[];
    }>(await call(ctx.app, api.getActionByPlayer, ag1, { query: q }));
    expect(plain.Rows.length).toBeGreaterThan(0);
    for (const r of plain.Rows) {
      expect(Object.values(r.ByType).reduce((a, t) => a + t.Volume, 0)).toBe(r.Volume);
      expect(Object.values(r.ByType).reduce((a, t) => a + t.Count, 0)).toBe(r.Count);
    }
    const converted = ok<{ Conversion: { Currency: string } | null; Totals: unknown[] }>(
      await call(ctx.app, api.getActionByPlayer, ag1, { query: { ...q, isCurrencyReport: true } }),
    );
    expect(converted.Conversion?.Currency).toBe('USD');
    expect(converted.Totals).toHaveLength(1);
    expect(
      (
        await call(ctx.app, api.getActionByPlayer, ag1, {
          query: { ...q, isCurrencyReport: 'perhaps' },
        })
      ).statusCode,
    ).toBe(400);
  });
});
