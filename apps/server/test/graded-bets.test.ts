// Graded bets read from the covering index and the changed wagers agree with the ledger's own
// definition, and the widest report a caller may ask for leaves the server answering others.
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, api, type WagerPage } from '@backline/contract';
import { queryRows } from '../src/db/query.ts';
import { createLedgerService } from '../src/ledger/ledger-service.ts';
import { createWagersService } from '../src/reports/wagers/wagers-service.ts';
import * as repo from '../src/reports/wagers/wagers-repository.ts';
import { MAX_REPORT_DAYS } from '../src/reports/period.ts';
import type { AgentAuth } from '../src/auth/auth-context.ts';
import { call, logIn, testClock, useTestApp } from './helpers.ts';
import { idOf } from './db-helpers.ts';

const ctx = useTestApp();
const TODAY = '2026-11-18';

interface Graded {
  id: number;
  graded_at: string;
  currency: string;
  risk: number;
  to_win: number;
  amount: number;
}

/**
 * The report by its definition, written the straightforward way: every wager of the subtree whose
 * grading entries (type 2) posted in [start, end], with their sum, read from the ledger alone.
 */
function straightforward(agentId: number, start: string, end: string) {
  return queryRows<Graded>(
    ctx.database.db,
    sql`select w.id, to_char(w.graded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as graded_at,
          w.currency, w.risk, w.to_win, g.posted::bigint as amount
        from (select l.wager_id, sum(l.amount) as posted from ledger l
              where l.type = 2 and l.day between ${start}::date and ${end}::date
                and l.agent_id in (select descendant_id from agent_closure where ancestor_id = ${agentId})
              group by l.wager_id) g
        join wagers w on w.id = g.wager_id
        where w.graded_at is not null`,
  );
}

function totalsOf(rows: Graded[]) {
  const by = Map.groupBy(rows, (r) => r.currency);
  return [...by.keys()].sort().map((currency) => {
    const mine = by.get(currency)!;
    const sum = (f: (r: Graded) => number) => mine.reduce((a, r) => a + f(r), 0);
    return {
      Currency: currency,
      Count: mine.length,
      Risk: sum((r) => r.risk),
      ToWin: sum((r) => r.to_win),
      Amount: sum((r) => r.amount),
    };
  });
}

const byGradedDesc = (a: Graded, b: Graded) =>
  b.graded_at.localeCompare(a.graded_at) || b.id - a.id;

/** A graded wager of AG1SUB's players graded on `day`, not changed before. */
async function gradedOn(day: string, skip: number[]) {
  const rows = await queryRows<{ id: number }>(
    ctx.database.db,
    sql`select w.id from wagers w join agents a on a.id = w.agent_id
        where a.login = 'AG1SUB' and w.status = 'graded' and w.graded_day = ${day}::date
          and w.result in ('win', 'loss') and w.amount <> 0
          and not exists (select 1 from wager_changes wc where wc.wager_id = w.id)
        order by w.id`,
  );
  return rows.find((r) => !skip.includes(r.id))!.id;
}

describe('GetGradedBetsReport against the ledger', () => {
  it('gives the same wagers, amounts, totals and first page as the ledger for every caller and range, regrades and voids across the range included', async () => {
    // Changes that make a wager post on a day other than its graded day, or a figure other than
    // its amount: a regrade and a void today of wagers graded last week, and a regrade of one
    // graded this week.
    const ledger = createLedgerService({ db: ctx.database.db, now: testClock });
    const used: number[] = [];
    for (const [day, change] of [
      ['2026-11-11', 'regrade'],
      ['2026-11-12', 'void'],
      ['2026-11-16', 'regrade'],
    ] as const) {
      const wagerId = await gradedOn(day, used);
      used.push(wagerId);
      const [w] = await queryRows<{ result: string }>(
        ctx.database.db,
        sql`select result from wagers where id = ${wagerId}`,
      );
      if (change === 'void') {
        await ledger.voidWager({ siteId: 1, wagerId, changedBy: 'test', reason: 'test void' });
      } else {
        await ledger.regradeWager({
          siteId: 1,
          wagerId,
          result: w!.result === 'win' ? 'loss' : 'win',
          changedBy: 'test',
          reason: 'test regrade',
        });
      }
    }

    const ranges = [
      [TODAY, TODAY],
      ['2026-11-16', '2026-11-22'],
      ['2026-11-09', '2026-11-15'],
      ['2026-11-02', '2026-11-15'],
      ['2026-11-01', '2026-11-30'],
      [addDays(TODAY, -MAX_REPORT_DAYS), TODAY],
    ] as const;
    const callers = [
      ['MASTER', 'demo-master'],
      ['AG1', 'demo-agent'],
      ['AG1SUB', 'demo-sub'],
      ['AG2', 'demo-agent'],
    ] as const;
    let changedSeen = 0;
    for (const [login, password] of callers) {
      const caller = await logIn(ctx.app, login, password);
      const agentId = await idOf(ctx.database, 'agents', login);
      for (const [startDate, endDate] of ranges) {
        const expected = await straightforward(agentId, startDate, endDate);
        const where = `${login} ${startDate}..${endDate}`;
        // The whole list, as an export reads it.
        const list = await queryRows<Graded>(
          ctx.database.db,
          repo.gradedWagersQuery({ siteId: 1, agentId }, startDate, endDate, {
            sort: 'gradedAt',
            dir: 'desc',
          }),
        );
        const amounts = (rows: Graded[]) =>
          rows.map((r) => `${r.id}:${r.amount}`).sort((a, b) => a.localeCompare(b));
        expect(amounts(list), where).toEqual(amounts(expected));
        expect(
          list.map((r) => r.id),
          where,
        ).toEqual(expected.toSorted(byGradedDesc).map((r) => r.id));
        changedSeen += list.filter((r) => used.includes(r.id)).length;
        // An export of a large list by graded time walks it (the demo's lists are below
        // WALK_FROM, so the walk is asked for here): the same rows, every column, in the same order as
        // the sorted list, both ways.
        for (const dir of ['desc', 'asc'] as const) {
          const sorted = await queryRows<repo.WagerDbRow>(
            ctx.database.db,
            repo.gradedWagersQuery({ siteId: 1, agentId }, startDate, endDate, {
              sort: 'gradedAt',
              dir,
            }),
          );
          const walked = await queryRows<repo.WagerDbRow>(
            ctx.database.db,
            repo.gradedWagersQuery(
              { siteId: 1, agentId },
              startDate,
              endDate,
              { sort: 'gradedAt', dir },
              true,
            ),
          );
          expect(walked, `${where} export walk ${dir}`).toEqual(sorted);
          expect(walked.length, where).toBe(expected.length);
        }

        // The first page and the totals, through the API.
        const page = await call(ctx.app, api.getGradedBetsReport, caller, {
          query: { startDate, endDate, pageSize: 50, sort: 'gradedAt', dir: 'desc' },
        });
        expect(page.statusCode, page.body).toBe(200);
        const body = JSON.parse(page.body) as WagerPage;
        expect(body.TotalRows, where).toBe(expected.length);
        expect(body.Totals, where).toEqual(totalsOf(expected));
        expect(
          body.Rows.map((r) => [r.IdWager, r.Amount]),
          where,
        ).toEqual(
          expected
            .toSorted(byGradedDesc)
            .slice(0, 50)
            .map((r) => [r.id, r.amount]),
        );

        // A large list's walk in graded order (the demo's lists are below WALK_FROM, so it is
        // asked for here): pages 1 and 3 both ways, with legs.
        for (const [dir, offset] of [
          ['desc', 0],
          ['desc', 100],
          ['asc', 0],
        ] as const) {
          const walked = await repo.selectGradedRows(
            ctx.database.db,
            { siteId: 1, agentId },
            startDate,
            endDate,
            { sort: 'gradedAt', dir, limit: 50, offset },
            repo.WALK_FROM,
          );
          const sorted = expected.toSorted(byGradedDesc);
          if (dir === 'asc') sorted.reverse();
          expect(
            walked.map((r) => [r.id, r.amount]),
            `${where} walk ${dir} from ${offset}`,
          ).toEqual(sorted.slice(offset, offset + 50).map((r) => [r.id, r.amount]));
          expect(walked.every((r) => r.legs.length > 0)).toBe(true);
          // The same page as the one statement of a page and its totals reads it.
          const paged = await repo.selectGradedPage(
            ctx.database.db,
            { siteId: 1, agentId },
            startDate,
            endDate,
            { sort: 'gradedAt', dir, limit: 50, offset },
            0,
          );
          expect(paged.rows, `${where} page walk ${dir} from ${offset}`).toEqual(walked);
          expect(
            paged.totals.map((t) => ({
              Currency: t.currency,
              Count: t.count,
              Risk: t.risk,
              ToWin: t.to_win,
              Amount: t.amount,
            })),
            where,
          ).toEqual(totalsOf(expected));
        }
      }
    }
    // The rollup holds what the wagers hold, after the changes too.
    const [drift] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from (
            select agent_id, day, currency, count, risk, to_win, amount from wager_graded_daily
            where count <> 0 or risk <> 0 or to_win <> 0 or amount <> 0
            except all
            select agent_id, graded_day, currency, count(*)::int, sum(risk), sum(to_win), sum(amount)
            from wagers where graded_day is not null and graded_at is not null
            group by agent_id, graded_day, currency) d`,
    );
    expect(drift!.n).toBe(0);
    // Each changed wager was in some caller's ranges (MASTER, AG1 and AG1SUB see AG1SUB's).
    expect(changedSeen).toBeGreaterThanOrEqual(3 * 3);
  });
});

describe('The widest report beside /healthz', () => {
  it('keeps /healthz answering within a second, and a desk within 1.5 s, while the master reads and exports 370 days', async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const sub = await logIn(ctx.app, 'AG1SUB', 'demo-sub');
    const masterId = await idOf(ctx.database, 'agents', 'MASTER');
    const widest = { startDate: addDays(TODAY, -MAX_REPORT_DAYS), endDate: TODAY };
    const wagers = createWagersService({
      db: ctx.database.db,
      ledger: createLedgerService({ db: ctx.database.db, now: testClock }),
    });
    const auth: AgentAuth = {
      sessionId: 0,
      siteId: 1,
      kind: 'agent',
      agentId: masterId,
      agentLogin: 'MASTER',
      agentName: 'Master',
      selfAgentId: masterId,
      principal: 'MASTER',
      rights: new Set(),
      timeZone: 'America/New_York',
      siteCurrency: 'USD',
    };

    // Twice over, so the callers below ask many times while it runs.
    let running = true;
    const heavy = (async () => {
      try {
        let rows = 0;
        for (const sort of [
          'gradedAt',
          'risk',
          'player',
          'gradedAt',
          'amount',
          'player',
        ] as const) {
          const res = await call(ctx.app, api.getGradedBetsReport, master, {
            query: { ...widest, pageSize: 200, sort, dir: 'desc' },
          });
          expect(res.statusCode, res.body).toBe(200);
        }
        for (const sort of ['gradedAt', 'risk'] as const) {
          for await (const chunk of wagers.gradedBetsChunks(
            auth,
            { ...widest, sort, dir: 'desc' },
            { chunkSize: 2000, maxRows: 1_000_000 },
          ))
            rows += chunk.length;
        }
        return rows;
      } finally {
        running = false;
      }
    })();

    const waits: number[] = [];
    const deskWaits: number[] = [];
    while (running) {
      const t = performance.now();
      const health = await ctx.app.inject({ method: 'GET', url: '/healthz' });
      waits.push(performance.now() - t);
      expect(health.statusCode).toBe(200);
      const d = performance.now();
      const desk = await call(ctx.app, api.getGradedBetsReport, sub, {
        query: { startDate: TODAY, endDate: TODAY, pageSize: 25 },
      });
      deskWaits.push(performance.now() - d);
      expect(desk.statusCode, desk.body).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const exported = await heavy;
    expect(exported).toBeGreaterThan(2000);
    expect(waits.length).toBeGreaterThan(2);
    expect(Math.max(...waits), `/healthz waits ${waits.map(Math.round).join(', ')}`).toBeLessThan(
      1000,
    );
    // A desk's call is a few statements, each of which may wait for one of the master's.
    expect(
      Math.max(...deskWaits),
      `desk waits ${deskWaits.map(Math.round).join(', ')}`,
    ).toBeLessThan(1500);
  });
});
