// Agents and players moved through the platform feed (issue 15 item 3, decision 021): an agent
// under another parent takes its subtree along (never under itself); a player moved to another
// agent leaves its past weeks with the old agent and brings the move's week and its balance to
// the new one. Every weekly balance still totals its rows, the book's totals do not move, and
// every ledger invariant holds.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, ErrorBody, platformApi, type WeeklyBalanceResponse } from '@backline/contract';
import { queryRows } from '../src/db/query.ts';
import { countLedgerViolations } from '../src/ledger/ledger-invariants.ts';
import { call, logIn, testClock, useTestApp } from './helpers.ts';
import { sendFeed, type FeedKey } from './security/feed-send.ts';

const ctx = useTestApp();
let key: FeedKey;
let seq = 0;

const THIS_WEEK = '2026-11-16';
const WEEKS = ['2026-10-26', '2026-11-02', '2026-11-09', THIS_WEEK];

async function send(Type: string, Data: object, at: string) {
  const body = JSON.stringify({ EventId: `move-${++seq}`, OccurredAt: at, Type, Data });
  const res = await sendFeed(ctx.app, platformApi.sendEvent, body, testClock, { key });
  return { status: res.status, json: JSON.parse(res.body) as Record<string, unknown> };
}

async function applied(Type: string, Data: object, at: string) {
  const res = await send(Type, Data, at);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.Effect as Record<string, unknown>;
}

async function refused(Type: string, Data: object, status: number, code: string) {
  const res = await send(Type, Data, testClock().toISOString());
  expect(res.status, JSON.stringify(res.json)).toBe(status);
  expect(ErrorBody.parse(res.json).Code).toBe(code);
}

async function week(login: string, password: string, startDate: string) {
  const caller = await logIn(ctx.app, login, password);
  const res = await call(ctx.app, api.weeklyBalance, caller, { body: { startDate } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as WeeklyBalanceResponse;
}

/** Each currency's totals are the sums of its rows, and each row's ending its carry plus its week. */
function expectTotalsOfRows(report: WeeklyBalanceResponse, what: string) {
  const sum = (f: (r: WeeklyBalanceResponse['Rows'][number]) => number, currency: string) =>
    report.Rows.filter((r) => r.Currency === currency).reduce((s, r) => s + f(r), 0);
  for (const t of report.Totals) {
    const c = t.Currency;
    expect(t.Players, `${what} ${c} players`).toBe(
      report.Rows.filter((r) => r.Currency === c).length,
    );
    expect(t.Carry, `${what} ${c} carry`).toBe(sum((r) => r.Carry, c));
    expect(t.Ending, `${what} ${c} ending`).toBe(sum((r) => r.Ending, c));
    expect(t.Payments, `${what} ${c} payments`).toBe(sum((r) => r.Payments, c));
    expect(t.Days, `${what} ${c} days`).toEqual(
      [0, 1, 2, 3, 4, 5, 6].map((i) => sum((r) => r.Days[i]!, c)),
    );
  }
  for (const r of report.Rows)
    expect(r.Ending, `${what} ${r.Player}`).toBe(
      r.Carry + r.WeekTotal + r.Payments + r.Adjustments,
    );
}

const AGENTS = {
  MASTER: 'demo-master',
  AG1: 'demo-agent',
  AG2: 'demo-agent',
  AG1SUB: 'demo-sub',
} as const;

/** Every week of every agent above: totals of rows, and the weeks' totals of the whole book. */
async function everyWeek() {
  const out: Record<string, WeeklyBalanceResponse> = {};
  for (const [login, password] of Object.entries(AGENTS))
    for (const w of WEEKS) {
      const report = await week(login, password, w);
      expectTotalsOfRows(report, `${login} ${w}`);
      out[`${login} ${w}`] = report;
    }
  return out;
}

const shiftDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

const rowOf = (report: WeeklyBalanceResponse | undefined, player: string) =>
  report?.Rows.find((r) => r.Player === player);
const totalsOf = (report: WeeklyBalanceResponse) =>
  report.Totals.map(({ Currency, Carry, Ending, Payments, Days, Players }) => ({
    Currency,
    Carry,
    Ending,
    Payments,
    Days,
    Players,
  }));

async function expectNoViolations() {
  const violations = await countLedgerViolations(ctx.database.db);
  expect(Object.entries(violations).filter(([, n]) => n > 0)).toEqual([]);
}

beforeAll(async () => {
  const master = await logIn(ctx.app, 'MASTER', 'demo-master', 1);
  const res = await call(ctx.app, api.insertIntegrationKey, master, { body: { Label: 'moves' } });
  key = res.json() as FeedKey;
  // MV1 bets and pays under AG1 for three weeks; MV2 has one payment three weeks ago only.
  const start = '2026-10-27T15:00:00Z';
  await applied(
    'player.created',
    { Player: 'MV1', Agent: 'AG1', Name: 'Mover', CreditLimit: 500_000 },
    start,
  );
  await applied(
    'player.created',
    { Player: 'MV2', Agent: 'AG1', Name: 'Quiet', CreditLimit: 500_000 },
    start,
  );
  await applied(
    'game.created',
    {
      Game: 'MVG',
      Sport: 'NFL',
      League: 'NFL',
      Home: 'H',
      Away: 'A',
      StartsAt: '2026-11-30T18:00:00Z',
    },
    start,
  );
  await applied('payment.posted', { Player: 'MV2', Amount: 7_000, Method: 'cash' }, start);
  const leg = [{ Game: 'MVG', Market: 'moneyline', Selection: 'H', Odds: -110 }];
  const days = ['2026-10-28', '2026-11-04', '2026-11-11', '2026-11-17'];
  for (const [i, day] of days.entries()) {
    const at = `${day}T16:00:00Z`;
    const wager = { Player: 'MV1', WagerType: 'straight', Risk: 1_100, ToWin: 1_000, Legs: leg };
    await applied('wager.placed', { ...wager, Wager: `MV1-${i}` }, at);
    await applied(
      'wager.graded',
      { Wager: `MV1-${i}`, Result: i % 2 ? 'win' : 'loss' },
      `${day}T20:00:00Z`,
    );
    await applied(
      'payment.posted',
      { Player: 'MV1', Amount: 500 * (i + 1), Method: 'cash' },
      `${day}T21:00:00Z`,
    );
  }
  // One still open when the player moves.
  await applied(
    'wager.placed',
    {
      Player: 'MV1',
      WagerType: 'straight',
      Risk: 2_000,
      ToWin: 1_800,
      Legs: leg,
      Wager: 'MV1-open',
    },
    '2026-11-17T22:00:00Z',
  );
});

describe('a player moved to another agent', () => {
  it('keeps the past weeks with the old agent and takes this week and the balance to the new one', async () => {
    const before = await everyWeek();
    const moved = await applied(
      'player.moved',
      { Player: 'MV1', Agent: 'AG2' },
      '2026-11-18T12:00:00Z',
    );
    expect(moved).toMatchObject({ Moved: true, Week: THIS_WEEK });
    const quiet = await applied(
      'player.moved',
      { Player: 'MV2', Agent: 'AG2' },
      '2026-11-18T12:00:00Z',
    );
    expect(quiet).toMatchObject({ Moved: true, Week: THIS_WEEK });
    const after = await everyWeek();
    await expectNoViolations();

    for (const w of WEEKS) {
      // The book and the sum of the two agents do not move; nor does any other agent.
      expect(totalsOf(after[`MASTER ${w}`]!), w).toEqual(totalsOf(before[`MASTER ${w}`]!));
      expect(totalsOf(after[`AG1SUB ${w}`]!), w).toEqual(totalsOf(before[`AG1SUB ${w}`]!));
      const past = w < THIS_WEEK;
      for (const p of ['MV1', 'MV2']) {
        expect(rowOf(after[`AG1 ${w}`], p), `${p} under AG1 in ${w}`).toEqual(
          past ? rowOf(before[`AG1 ${w}`], p) : undefined,
        );
        expect(Boolean(rowOf(after[`AG2 ${w}`], p)), `${p} under AG2 in ${w}`).toBe(!past);
      }
    }
    // The carry the player brings is last week's ending, now on the new agent's sheet.
    const lastWeek = rowOf(after[`AG1 2026-11-09`], 'MV1')!;
    const thisWeek = rowOf(after[`AG2 ${THIS_WEEK}`], 'MV1')!;
    expect(thisWeek.Carry).toBe(lastWeek.Ending);
    const { Agent: _a, IdAgent: _i, ...figures } = rowOf(before[`AG1 ${THIS_WEEK}`], 'MV1')!;
    expect(thisWeek).toMatchObject({ ...figures, Agent: 'AG2' });
    expect(rowOf(after[`AG2 ${THIS_WEEK}`], 'MV2')).toMatchObject({ Carry: 7_000, Ending: 7_000 });

    // From the move on, the player's entries are the new agent's: grading the open wager.
    await applied('wager.graded', { Wager: 'MV1-open', Result: 'loss' }, testClock().toISOString());
    const graded = await week('AG2', 'demo-agent', THIS_WEEK);
    expectTotalsOfRows(graded, 'AG2 after the grade');
    expect(rowOf(graded, 'MV1')!.Ending).toBe(thisWeek.Ending - 2_000);
    await expectNoViolations();
  });

  it('gives graded bets of a week to the agent whose weekly balance has that week', async () => {
    /** The player's graded amounts in a week as an agent's graded bets list them, every page. */
    const graded = async (login: 'AG1' | 'AG2', startDate: string) => {
      const caller = await logIn(ctx.app, login, 'demo-agent');
      let total = 0;
      for (let page = 1; ; page++) {
        const res = await call(ctx.app, api.getGradedBetsReport, caller, {
          query: { startDate, endDate: shiftDays(startDate, 6), pageSize: 500, page },
        });
        expect(res.statusCode, res.body).toBe(200);
        const rows = (res.json() as { Rows: { Player: string; Amount: number }[] }).Rows;
        for (const r of rows) if (r.Player === 'MV1') total += r.Amount;
        if (rows.length < 500) return total;
      }
    };
    for (const w of WEEKS) {
      for (const login of ['AG1', 'AG2'] as const) {
        const row = rowOf(await week(login, 'demo-agent', w), 'MV1');
        // Only wagers here: the week's win/loss is what its graded bets posted.
        expect(await graded(login, w), `${login} ${w}`).toBe(row?.WeekTotal ?? 0);
      }
    }
  });

  it('moving a player to its own agent changes nothing', async () => {
    expect(
      await applied('player.moved', { Player: 'MV1', Agent: 'AG2' }, testClock().toISOString()),
    ).toMatchObject({ Moved: false });
    await refused('player.moved', { Player: 'MV1', Agent: 'NOBODY' }, 404, 'agent_not_found');
  });
});

describe('an agent moved under another parent', () => {
  it('refuses the site root, itself and its own subtree', async () => {
    await refused('agent.moved', { Agent: 'MASTER', Parent: 'AG1' }, 409, 'site_root_not_movable');
    await refused(
      'agent.moved',
      { Agent: 'AG1', Parent: 'AG1' },
      409,
      'agent_move_into_own_subtree',
    );
    await refused(
      'agent.moved',
      { Agent: 'AG1', Parent: 'AG1SUB' },
      409,
      'agent_move_into_own_subtree',
    );
  });

  it('refuses a parent lacking a right the agent holds: rights narrow downwards', async () => {
    await refused('agent.moved', { Agent: 'AG1SUB', Parent: 'AG2' }, 400, 'right_beyond_parent');
  });

  it('takes its subtree along: the closure, depths and every weekly total follow', async () => {
    const before = await everyWeek();
    const at = testClock().toISOString();
    const effect = await applied('agent.moved', { Agent: 'AG1SUB', Parent: 'MASTER' }, at);
    expect(effect).toMatchObject({ Moved: true });
    const closure = await queryRows<{ ancestor: string; depth: number }>(
      ctx.database.db,
      sql`select a.login as ancestor, c.depth from agent_closure c
          join agents a on a.id = c.ancestor_id
          join agents d on d.id = c.descendant_id
          where d.login = 'AG1SUB' order by c.depth`,
    );
    expect(closure).toEqual([
      { ancestor: 'AG1SUB', depth: 0 },
      { ancestor: 'MASTER', depth: 1 },
    ]);
    const depths = await queryRows<{ login: string; depth: number; deepest: number }>(
      ctx.database.db,
      sql`select a.login, a.depth, (select max(c.depth) from agent_closure c
            where c.descendant_id = a.id) as deepest
          from agents a where a.site_id = 1 order by a.login`,
    );
    for (const a of depths) expect(a.depth, a.login).toBe(a.deepest);
    const after = await everyWeek();
    await expectNoViolations();
    for (const w of WEEKS) {
      expect(totalsOf(after[`MASTER ${w}`]!), w).toEqual(totalsOf(before[`MASTER ${w}`]!));
      expect(totalsOf(after[`AG1SUB ${w}`]!), w).toEqual(totalsOf(before[`AG1SUB ${w}`]!));
      for (const r of after[`AG1SUB ${w}`]!.Rows)
        expect(rowOf(after[`AG1 ${w}`], r.Player), `${r.Player} not under AG1`).toBeUndefined();
      // What AG1 gave up is exactly AG1SUB's subtree.
      expect(after[`AG1 ${w}`]!.Rows.length, w).toBe(
        before[`AG1 ${w}`]!.Rows.length - before[`AG1SUB ${w}`]!.Rows.length,
      );
    }
  });
});
