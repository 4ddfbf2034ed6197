// The hold report (issue 19 item 3): for every grouping, each row's handle and net are a direct
// computation over the graded wagers (voided ones nowhere), converted into the site's currency once
// per cell; the totals add the rows up and hold % is their ratio; a regrade and a void move the
// figures; the weeks add up to the period; who may ask, about whom.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  api,
  fieldWords,
  type HoldGroup,
  type HoldResponse,
  type HoldRow,
} from '@backline/contract';
import { queryRows } from '../src/db/query.ts';
import { createCurrencyService } from '../src/currency/currency-service.ts';
import { createLedgerService } from '../src/ledger/ledger-service.ts';
import {
  anonymous,
  call,
  demoSessions,
  ok,
  refused,
  testClock,
  useTestApp,
  type Caller,
} from './helpers.ts';
import { idOf } from './db-helpers.ts';

const ctx = useTestApp();

const MONTH = { startDate: '2026-11-01', endDate: '2026-11-30' };
const GROUPS = ['sport', 'league', 'agent', 'player'] as const;

const as = demoSessions(ctx);

const send = async (login: string | Caller | null, body: unknown) =>
  call(ctx.app, api.getHold, typeof login === 'string' ? await as(login) : login, { body });

const holdOf = async (login: string, body: Record<string, unknown>) =>
  ok<HoldResponse>(await send(login, body));

interface Direct {
  key: string;
  currency: string;
  wagers: number;
  risk: string;
  amount: string;
}

/** The key a wager is grouped under, as SQL over `w` (the wager) and `e` (its first leg's event). */
function keySql(groupBy: HoldGroup, agentId: number) {
  switch (groupBy) {
    case 'sport':
      return sql`w.sport`;
    case 'league':
      return sql`w.sport || '|' || e.league`;
    case 'player':
      return sql`w.player_id::text`;
    case 'agent':
      return sql`coalesce((select ch.id::text from agent_closure k join agents ch on ch.id = k.ancestor_id
        where k.descendant_id = w.agent_id and ch.parent_id = ${agentId}), 'own')`;
  }
}

/** Graded wagers of the subtree over the days, grouped and per currency, straight from wagers. */
function direct(agentId: number, groupBy: HoldGroup | 'week', days = MONTH, sport?: string) {
  const key =
    groupBy === 'week'
      ? sql`to_char(date_trunc('week', w.graded_day), 'YYYY-MM-DD')`
      : keySql(groupBy, agentId);
  return queryRows<Direct>(
    ctx.database.db,
    sql`select ${key} as key, w.currency, count(*)::int as wagers, sum(w.risk)::text as risk,
          sum(w.amount)::text as amount
        from agent_closure c
        join wagers w on w.agent_id = c.descendant_id
        join lateral (select l.event_id from wager_legs l where l.wager_id = w.id order by l.id limit 1) f on true
        join events e on e.id = f.event_id
        where c.ancestor_id = ${agentId} and w.status = 'graded'
          and w.graded_day between ${days.startDate}::date and ${days.endDate}::date
          ${sport ? sql`and w.sport = ${sport}` : sql``}
        group by 1, 2`,
  );
}

/** Direct rows as cells in the site's currency: each currency's sums converted once, then added. */
async function expectedCells(rows: Direct[], siteId = 1, siteCurrency = 'USD') {
  const fx = await createCurrencyService({ db: ctx.database.db }).converterOf(siteId, siteCurrency);
  const cells = new Map<string, { Wagers: number; Handle: number; Net: number }>();
  for (const r of rows) {
    const c = cells.get(r.key) ?? { Wagers: 0, Handle: 0, Net: 0 };
    c.Wagers += r.wagers;
    c.Handle += fx.convert(Number(r.risk), r.currency);
    c.Net -= fx.convert(Number(r.amount), r.currency);
    cells.set(r.key, c);
  }
  return cells;
}

const figures = (r: Pick<HoldRow, 'Wagers' | 'Handle' | 'Net'>) => ({
  Wagers: r.Wagers,
  Handle: r.Handle,
  Net: r.Net,
});

function expectHoldMath(r: Pick<HoldRow, 'Handle' | 'Net' | 'HoldPct'>) {
  if (r.Handle === 0) expect(r.HoldPct).toBeNull();
  else expect(r.HoldPct).toBeCloseTo((r.Net / r.Handle) * 100, 2);
}

describe('AgentSiteFrames/GetHold', () => {
  it('equals a direct computation over the graded wagers for every grouping, for the master and a desk', async () => {
    for (const login of ['MASTER', 'AG1']) {
      const agentId = await idOf(ctx.database, 'agents', login);
      for (const groupBy of GROUPS) {
        const report = await holdOf(login, { ...MONTH, groupBy });
        expect(report).toMatchObject({
          ...{ StartDate: MONTH.startDate, EndDate: MONTH.endDate },
          GroupBy: groupBy,
          Currency: 'USD',
        });
        const expected = await expectedCells(await direct(agentId, groupBy));
        expect(report.Rows.length, `${login} by ${groupBy}`).toBe(expected.size);
        expect(report.TotalRows).toBe(expected.size);
        expect(report.Rows.length).toBeGreaterThan(0);
        for (const row of report.Rows) {
          expect(figures(row), `${login} ${groupBy} ${row.Key}`).toEqual(expected.get(row.Key));
          expectHoldMath(row);
        }
        // Totals: the rows added up, and the hold of those sums.
        const sum = (k: 'Wagers' | 'Handle' | 'Net') => report.Rows.reduce((s, r) => s + r[k], 0);
        expect(figures(report.Totals)).toEqual({
          Wagers: sum('Wagers'),
          Handle: sum('Handle'),
          Net: sum('Net'),
        });
        expectHoldMath(report.Totals);
        // Rows sorted by handle, largest first.
        const handles = report.Rows.map((r) => r.Handle);
        expect(handles).toEqual([...handles].sort((a, b) => b - a));
      }
    }
  });

  it("groups by agent as the agent's direct sub-agents with their subtrees and its own players' line", async () => {
    const report = await holdOf('AG1', { ...MONTH, groupBy: 'agent' });
    const ag1 = await idOf(ctx.database, 'agents', 'AG1');
    const own = report.Rows.find((r) => r.Own);
    if (own) expect(own).toMatchObject({ Key: 'own', IdAgent: ag1, Label: 'AG1' });
    const sub = report.Rows.find((r) => r.Label === 'AG1SUB')!;
    expect(sub).toMatchObject({
      Key: String(await idOf(ctx.database, 'agents', 'AG1SUB')),
      Own: false,
      Detail: 'Sub-agent One A',
    });
    // AG1SUB's row holds its own sub-agent's wagers too: the same figures as its own report's total.
    const subReport = await holdOf('AG1SUB', { ...MONTH, groupBy: 'sport' });
    expect(figures(sub)).toEqual(figures(subReport.Totals));
    expect(report.Rows.some((r) => r.Label === 'AG1SUBA')).toBe(false);
  });

  it('groups by player with the same totals as the rollup, and names each player', async () => {
    const [bySport, byPlayer] = await Promise.all([
      holdOf('MASTER', { ...MONTH, groupBy: 'sport' }),
      holdOf('MASTER', { ...MONTH, groupBy: 'player' }),
    ]);
    expect(byPlayer.Totals.Wagers).toBe(bySport.Totals.Wagers);
    const row = byPlayer.Rows[0]!;
    expect(row.IdPlayer).toBe(Number(row.Key));
    expect(row.Label).toMatch(/^PL\d+$/);
    expect(row.Detail).toContain(' · ');
  });

  it('narrows to one sport, each league of it', async () => {
    const agentId = await idOf(ctx.database, 'agents', 'MASTER');
    const report = await holdOf('MASTER', { ...MONTH, groupBy: 'league', sport: 'NFL' });
    expect(report.Rows.length).toBeGreaterThan(0);
    for (const r of report.Rows) expect(r.Sport).toBe('NFL');
    const expected = await expectedCells(await direct(agentId, 'league', MONTH, 'NFL'));
    for (const r of report.Rows) expect(figures(r)).toEqual(expected.get(r.Key));
    const all = await holdOf('MASTER', { ...MONTH, groupBy: 'sport' });
    expect(figures(report.Totals)).toEqual(figures(all.Rows.find((r) => r.Key === 'NFL')!));
  });

  it('gives each week the period touches, over the period’s days, adding up to the totals', async () => {
    const agentId = await idOf(ctx.database, 'agents', 'MASTER');
    const report = await holdOf('MASTER', { ...MONTH, groupBy: 'sport' });
    expect(report.Weeks.map((w) => w.Week)).toEqual([
      '2026-10-26',
      '2026-11-02',
      '2026-11-09',
      '2026-11-16',
      '2026-11-23',
      '2026-11-30',
    ]);
    const expected = await expectedCells(await direct(agentId, 'week'));
    for (const w of report.Weeks) {
      expect(figures(w), w.Week).toEqual(expected.get(w.Week) ?? { Wagers: 0, Handle: 0, Net: 0 });
      expectHoldMath(w);
    }
    expect(report.Weeks.reduce((s, w) => s + w.Wagers, 0)).toBe(report.Totals.Wagers);
    // In one currency (the Spanish book's EUR) the weeks' money adds up to the totals exactly.
    const es = await holdOf('MASTER2', { ...MONTH, groupBy: 'agent' });
    expect(es.Totals.Wagers).toBeGreaterThan(0);
    expect(es.Currency).toBe('EUR');
    for (const k of ['Wagers', 'Handle', 'Net'] as const)
      expect(
        es.Weeks.reduce((s, w) => s + w[k], 0),
        k,
      ).toBe(es.Totals[k]);
  });

  it('shows the eight weeks up to a period inside one week', async () => {
    const report = await holdOf('MASTER', { startDate: '2026-11-17', endDate: '2026-11-17' });
    expect(report.Weeks.map((w) => w.Week)).toEqual([
      '2026-09-28',
      '2026-10-05',
      '2026-10-12',
      '2026-10-19',
      '2026-10-26',
      '2026-11-02',
      '2026-11-09',
      '2026-11-16',
    ]);
    // The last week counts up to the period's end only.
    const day = await holdOf('MASTER', { startDate: '2026-11-16', endDate: '2026-11-17' });
    expect(figures(report.Weeks.at(-1)!)).toEqual(figures(day.Totals));
  });

  it('defaults to this month, grouped by sport, for the caller itself', async () => {
    const report = await holdOf('AG1SUB', {});
    expect(report).toMatchObject({
      StartDate: '2026-11-01',
      EndDate: '2026-11-30',
      GroupBy: 'sport',
    });
  });

  it('moves with a regrade and a void', async () => {
    const [w] = await queryRows<{
      id: number;
      sport: string;
      risk: number;
      amount: number;
      result: string;
      graded_day: string;
    }>(
      ctx.database.db,
      sql`select w.id, w.sport, w.risk::bigint as risk, w.amount::bigint as amount, w.result,
            to_char(w.graded_day, 'YYYY-MM-DD') as graded_day
          from wagers w join agents a on a.id = w.agent_id
          where a.login = 'AG1SUB' and w.status = 'graded' and w.currency = 'USD'
            and w.result in ('win', 'loss') and w.amount <> 0 and not w.free_play
            and w.graded_day between '2026-11-02' and '2026-11-15'
          order by w.id limit 1`,
    );
    const wager = { ...w!, risk: Number(w!.risk), amount: Number(w!.amount) };
    const body = { ...MONTH, groupBy: 'sport' };
    const sportOf = (r: HoldResponse) => figures(r.Rows.find((x) => x.Key === wager.sport)!);
    const before = await holdOf('AG1SUB', body);
    const ledger = createLedgerService({ db: ctx.database.db, now: testClock });
    const regraded = await ledger.regradeWager({
      siteId: 1,
      wagerId: wager.id,
      result: wager.result === 'win' ? 'loss' : 'win',
      changedBy: 'test',
      reason: 'hold test regrade',
    });
    const newAmount = Number(regraded.wager.amount);
    expect(newAmount).not.toBe(wager.amount);
    const afterRegrade = await holdOf('AG1SUB', body);
    expect(sportOf(afterRegrade)).toEqual({
      ...sportOf(before),
      Net: sportOf(before).Net + wager.amount - newAmount,
    });
    expect(afterRegrade.Totals.Net).toBe(before.Totals.Net + wager.amount - newAmount);

    await ledger.voidWager({
      siteId: 1,
      wagerId: wager.id,
      changedBy: 'test',
      reason: 'hold test void',
    });
    const afterVoid = await holdOf('AG1SUB', body);
    expect(sportOf(afterVoid)).toEqual({
      Wagers: sportOf(before).Wagers - 1,
      Handle: sportOf(before).Handle - wager.risk,
      Net: sportOf(before).Net + wager.amount,
    });
    const byPlayer = await holdOf('AG1SUB', { ...body, groupBy: 'player' });
    expect(figures(byPlayer.Totals)).toEqual(figures(afterVoid.Totals));
  });

  it("refuses another agent's subtree and another site's agent as not found", async () => {
    for (const [login, target] of [
      ['AG1SUB', 'AG1SUB2'],
      ['AG1SUB', 'AG1'],
      ['AG2', 'AG1'],
      ['MASTER2', 'MASTER'],
    ] as const) {
      const idAgent = await idOf(ctx.database, 'agents', target);
      const res = await send(login, { idAgent, groupBy: 'agent' });
      expect(refused(res, 404, 'agent_not_found').Params, `${login} → ${target}`).toEqual({
        agent: idAgent,
      });
    }
    // Inside the caller's tree, the sub-agent's own figures.
    const idAgent = await idOf(ctx.database, 'agents', 'AG1SUB');
    const mine = await holdOf('AG1', { ...MONTH, idAgent });
    const theirs = await holdOf('AG1SUB', MONTH);
    expect(mine.Rows).toEqual(theirs.Rows);
  });

  it('refuses bad input field by field, nobody, a player and an agent without viewReports', async () => {
    for (const [body, field] of [
      [{ groupBy: 'team' }, 'groupBy'],
      [{ sport: 'CURLING' }, 'sport'],
      [{ period: 9.5 }, 'period'],
      [{ startDate: '2026-11-31' }, 'startDate'],
      [{ startDate: '2026-11-20', endDate: '2026-11-10' }, 'endDate'],
      [{ idAgent: -3 }, 'idAgent'],
    ] as const) {
      const b = refused(await send('MASTER', body), 400, 'invalid_field');
      expect(b.Params, field).toEqual({ field });
      expect(b.Message).toContain(fieldWords(field));
    }
    refused(
      await send('MASTER', { startDate: '2024-01-01', endDate: '2026-11-30' }),
      400,
      'range_too_long',
    );
    refused(await send(await anonymous(ctx.app), {}), 401, 'unauthorized');
    refused(await send('PL1001', {}), 403, 'agents_only');
    await ctx.database.db.execute(
      sql`update agents set rights = array_remove(rights, 'viewReports') where login = 'AG3' and site_id = 1`,
    );
    refused(await send('AG3', {}), 403, 'right_required');
  });
});
