// The master sheet and agent deals over the API (issue 18, decision 033): who may read a sheet or a
// deal and who may set one, each field's refusal, a deal kept out of closed weeks, a parent's
// defaults taken by a new sub-agent, and a payment settling a week and carried to the next.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  api,
  fieldWords,
  localDate,
  mondayOf,
  type AgentDeal,
  type DealTerms,
  type Endpoint,
  type MasterSheetResponse,
  type SheetFigures,
  type SheetRow,
} from '@backline/contract';
import type { LightMyRequestResponse } from 'fastify';
import { queryRows } from '../src/db/query.ts';
import {
  anonymous,
  call,
  demoAgentIds,
  demoSessions,
  ok,
  refused,
  useTestApp,
  type Caller,
} from './helpers.ts';
import { TEST_SEED } from './seed-options.ts';

// The clock stands still where the demo ends (a Wednesday) and moves only when a test moves it:
// which weeks are closed depends on it, never on the day the tests run.
let at = TEST_SEED.now.getTime();
const ctx = useTestApp(
  { LOGIN_LIMIT_PER_ACCOUNT: '1000000', LOGIN_LIMIT_PER_ADDRESS: '1000000' },
  { now: () => new Date(at) },
);

const ZONE = 'America/New_York';
const THIS_WEEK = mondayOf(localDate(TEST_SEED.now, ZONE));
/** Closed: the cut-off (Tuesday 12:00 in the site's zone) passed the day before the demo's now. */
const LAST_WEEK = addDays(THIS_WEEK, -7);
const NEXT_WEEK = addDays(THIS_WEEK, 7);

/** A live session of the demo login; a test that moves the clock past the sessions' life clears them. */
const as = demoSessions(ctx);
const ids = demoAgentIds(ctx);

const DEAL: DealTerms = {
  Kind: 'commission',
  Percent: 33.33,
  CasinoPercent: 40,
  HorsesPercent: null,
  RedFigure: true,
  HeadFee: 1_000,
};

const send = async (e: Endpoint, login: string | Caller | null, body: unknown) =>
  call(ctx.app, e, typeof login === 'string' ? await as(login) : login, { body });

const dealOf = async (login: string, idAgent?: number) =>
  ok<AgentDeal>(await send(api.getAgentDeal, login, idAgent === undefined ? {} : { idAgent }));

const sheetOf = async (login: string, body: { idAgent?: number; week?: string } = {}) =>
  ok<MasterSheetResponse>(await send(api.getMasterSheet, login, body));

/** A schema refusal: 400, the field's path in Params, the field named in the message. */
function expectFieldRefused(res: LightMyRequestResponse, field: string, code = 'invalid_field') {
  const body = refused(res, 400, code);
  expect(body.Params, res.body).toEqual({ field });
  expect(body.Message, field).toContain(fieldWords(field));
}

/** Nobody signed in: 401; a player's session: 403. */
async function expectAgentsOnly(e: Endpoint, body: unknown) {
  refused(await send(e, await anonymous(ctx.app), body), 401, 'unauthorized');
  refused(await send(e, 'PL1001', body), 403, 'agents_only');
}

/** Each caller asking about an agent outside its tree or site: answered as a missing agent. */
async function expectNotFound(e: Endpoint, pairs: readonly (readonly [string, string])[]) {
  for (const [login, target] of pairs) {
    const res = await send(e, login, { idAgent: ids[target] });
    expect(refused(res, 404, 'agent_not_found').Params, `${login} → ${target}`).toMatchObject({
      agent: ids[target],
    });
  }
}

const MONEY = [
  'Earnings',
  'HeadFees',
  'Owed',
  'BroughtForward',
  'Paid',
  'BalanceForward',
] as const satisfies readonly (keyof SheetFigures)[];

/** A row's own arithmetic, whatever its deal: balance forward, status. */
function expectRowBalanced(row: SheetRow) {
  expect(row.BalanceForward, row.Agent).toBe(row.BroughtForward + row.Owed - row.Paid);
  const status =
    row.BalanceForward === 0
      ? 'settled'
      : row.Paid === 0 && row.BroughtForward + row.Owed !== 0
        ? 'open'
        : 'partly';
  expect(row.Status, row.Agent).toBe(status);
}

/** The totals are the sums of the rows' money columns. */
function expectTotals(sheet: MasterSheetResponse) {
  for (const key of MONEY)
    expect(sheet.Totals[key], key).toBe(sheet.Rows.reduce((s, r) => s + r[key], 0));
  expect(sheet.Totals.Net.Total).toBe(sheet.Rows.reduce((s, r) => s + r.Net.Total, 0));
  expect(sheet.Totals.ActivePlayers).toBe(sheet.Rows.reduce((s, r) => s + r.ActivePlayers, 0));
  sheet.Rows.forEach(expectRowBalanced);
}

describe('GetAgentDeal', () => {
  it("answers a deal to its agent, its parent and the agents above; the master's has no parent", async () => {
    const own = await dealOf('MASTER');
    expect(own).toMatchObject({
      IdAgent: ids.MASTER,
      Agent: 'MASTER',
      IdParent: null,
      Current: null,
      CanSet: false,
      FirstOpenWeek: THIS_WEEK,
    });
    const child = await dealOf('MASTER', ids.AG1SUB);
    expect(child).toMatchObject({
      IdAgent: ids.AG1SUB,
      Agent: 'AG1SUB',
      IdParent: ids.AG1,
      CanSet: false,
    });
    expect((await dealOf('AG1', ids.AG1SUB)).CanSet).toBe(true);
    const itself = await dealOf('AG1SUB');
    expect(itself).toMatchObject({ IdAgent: ids.AG1SUB, CanSet: false });
    // A view-only agent reads its own deal; it may set none.
    expect(await dealOf('AG1SUB2')).toMatchObject({ IdAgent: ids.AG1SUB2, CanSet: false });
  });

  it('refuses a sibling, a parent and another site as agents not found; 401 and 403', async () => {
    await expectNotFound(api.getAgentDeal, [
      ['AG1SUB', 'AG1SUB2'],
      ['AG1SUB', 'AG1'],
      ['AG2', 'AG1SUB'],
      ['ESAG1', 'AG1'],
      ['MASTER2', 'AG1SUB'],
    ]);
    await expectAgentsOnly(api.getAgentDeal, {});
    expectFieldRefused(await send(api.getAgentDeal, 'MASTER', { idAgent: 'AG1' }), 'idAgent');
  });
});

describe('SetAgentDeal', () => {
  it('sets a direct sub-agent’s deal from an open week, kept with its history and audited', async () => {
    const set = ok<AgentDeal>(
      await send(api.setAgentDeal, 'MASTER', {
        idAgent: ids.AG1,
        fromWeek: THIS_WEEK,
        deal: DEAL,
      }),
    );
    expect(set).toMatchObject({
      IdAgent: ids.AG1,
      IdParent: ids.MASTER,
      CanSet: true,
      Current: { ...DEAL, FromWeek: THIS_WEEK, SetBy: 'MASTER' },
    });
    expect(set.History).toHaveLength(1);
    // A later week's change: this week's deal stays in force, both kept, the newest first.
    const later = { ...DEAL, Kind: 'split' as const, Percent: 50, RedFigure: false };
    const both = ok<AgentDeal>(
      await send(api.setAgentDeal, 'MASTER', {
        idAgent: ids.AG1,
        fromWeek: NEXT_WEEK,
        deal: later,
      }),
    );
    expect(both.Current).toMatchObject({ ...DEAL, FromWeek: THIS_WEEK });
    expect(both.History.map((h) => [h.FromWeek, h.Kind])).toEqual([
      [NEXT_WEEK, 'split'],
      [THIS_WEEK, 'commission'],
    ]);
    // AG1 sees its own deal as its parent set it.
    expect(await dealOf('AG1')).toMatchObject({ Current: { FromWeek: THIS_WEEK }, CanSet: false });
    const audit = await queryRows<{ action: string; actor_id: number }>(
      ctx.database.db,
      sql`select action, actor_id from audit_log where target_kind = 'agent'
          and target_id = ${ids.AG1} and action = 'agent.deal' order by id`,
    );
    expect(audit.map((a) => a.actor_id)).toEqual([ids.MASTER, ids.MASTER]);
  });

  it('refuses each field with a stable code and a message naming it, and keeps the deal', async () => {
    const before = await dealOf('MASTER', ids.AG2);
    const body = (change: Record<string, unknown>, deal: Record<string, unknown> = {}) => ({
      idAgent: ids.AG2,
      fromWeek: THIS_WEEK,
      deal: { ...DEAL, ...deal },
      ...change,
    });
    const cases: [string, Record<string, unknown>, string?][] = [
      ['deal.Percent', body({}, { Percent: 100.001 })],
      ['deal.Percent', body({}, { Percent: 12.345 })],
      ['deal.Percent', body({}, { Percent: -1 })],
      ['deal.Percent', body({}, { Percent: '25' })],
      ['deal.CasinoPercent', body({}, { CasinoPercent: 100.01 })],
      ['deal.HorsesPercent', body({}, { HorsesPercent: 0.001 })],
      ['deal.HeadFee', body({}, { HeadFee: -1 })],
      ['deal.HeadFee', body({}, { HeadFee: 10.5 })],
      ['deal.HeadFee', body({}, { HeadFee: 10_000_001 })],
      ['deal.Kind', body({}, { Kind: 'revshare' })],
      ['deal.RedFigure', body({}, { RedFigure: 'yes' })],
      ['deal.RedFigure', body({}, { RedFigure: undefined }), 'field_required'],
      ['fromWeek', body({ fromWeek: '2026/11/16' })],
      ['fromWeek', body({ fromWeek: '16-11-2026' })],
      ['fromWeek', body({ fromWeek: '2026-02-30' })],
      ['idAgent', body({ idAgent: -3 })],
      ['deal', body({ deal: 'split' })],
    ];
    for (const [field, input, code] of cases)
      expectFieldRefused(await send(api.setAgentDeal, 'MASTER', input), field, code);
    expect(await dealOf('MASTER', ids.AG2)).toEqual(before);
  });

  it('is set by the direct parent only, with manageAgents, inside its tree and site', async () => {
    const body = (login: string, fromWeek = THIS_WEEK) => ({
      idAgent: ids[login],
      fromWeek,
      deal: DEAL,
    });
    // A grandparent, and the agent itself: not its parent.
    const byGrandparent = refused(
      await send(api.setAgentDeal, 'MASTER', body('AG1SUB')),
      403,
      'deal_by_parent',
    );
    expect(byGrandparent.Params).toMatchObject({ agent: 'AG1SUB' });
    refused(await send(api.setAgentDeal, 'AG1', body('AG1')), 403, 'deal_by_parent');
    // The master has no parent to set one.
    refused(await send(api.setAgentDeal, 'MASTER', body('MASTER')), 409, 'master_has_no_deal');
    // Without the right: AG2 (no manageAgents), a view-only agent, a player; nobody signed in.
    refused(await send(api.setAgentDeal, 'AG2', body('AG2SUB')), 403, 'right_required');
    refused(await send(api.setAgentDeal, 'AG1SUB2', body('AG1SUB2')), 403, 'right_required');
    await expectAgentsOnly(api.setAgentDeal, body('AG1SUB'));
    // Outside the tree or the site: not found.
    refused(await send(api.setAgentDeal, 'AG1', body('AG2SUB')), 404, 'agent_not_found');
    refused(await send(api.setAgentDeal, 'MASTER2', body('AG1')), 404, 'agent_not_found');
    // A week whose sheet is closed.
    const closed = refused(
      await send(api.setAgentDeal, 'AG1', body('AG1SUB', LAST_WEEK)),
      409,
      'deal_week_closed',
    );
    expect(closed.Params).toMatchObject({ week: LAST_WEEK, first: THIS_WEEK });
    expect((await dealOf('AG1', ids.AG1SUB)).History).toEqual([]);
    // The direct parent, for the open week: allowed.
    const set = ok<AgentDeal>(await send(api.setAgentDeal, 'AG1', body('AG1SUB')));
    expect(set.Current).toMatchObject({ ...DEAL, SetBy: 'AG1', FromWeek: THIS_WEEK });
  });
});

describe('SetDealDefaults', () => {
  it("gives a new sub-agent its parent's defaults as its deal from the week it is made", async () => {
    const defaults: DealTerms = { ...DEAL, Kind: 'split', Percent: 12.5, HeadFee: 0 };
    const set = ok<AgentDeal>(await send(api.setDealDefaults, 'AG1', { deal: defaults }));
    expect(set).toMatchObject({ IdAgent: ids.AG1, Defaults: defaults });
    const made = ok<{ Agent: { IdAgent: number } }>(
      await send(api.createAgent, 'AG1', {
        login: 'DEALAG01',
        name: 'Deal Agent',
        email: 'dealag01@example.test',
        rights: ['viewReports'],
        creditLimitCap: 100_000,
        maxWagerCap: 10_000,
        access: 'password',
        password: 'a long first secret',
      }),
    );
    const idNew = made.Agent.IdAgent;
    const deal = await dealOf('AG1', idNew);
    expect(deal).toMatchObject({
      IdParent: ids.AG1,
      CanSet: true,
      Current: { ...defaults, FromWeek: THIS_WEEK },
      Defaults: null,
    });
    expect(deal.History).toHaveLength(1);
    // Its row is on AG1's sheet of this week, on those terms.
    const row = (await sheetOf('AG1', { week: THIS_WEEK })).Rows.find((r) => r.IdAgent === idNew);
    expect(row).toMatchObject({ Deal: defaults, Net: { Total: 0 }, HasSubAgents: false });

    // Null clears them: the next new agent starts without a deal.
    expect(ok<AgentDeal>(await send(api.setDealDefaults, 'AG1', { deal: null })).Defaults).toBe(
      null,
    );
    expect((await dealOf('AG1')).Defaults).toBe(null);
  });

  it('refuses a bad field, a caller without the right, a player and nobody', async () => {
    const before = await dealOf('MASTER');
    for (const [field, deal] of [
      ['deal.Percent', { ...DEAL, Percent: 101 }],
      ['deal.HeadFee', { ...DEAL, HeadFee: -5 }],
      ['deal.Kind', { ...DEAL, Kind: 'flat' }],
    ] as const)
      expectFieldRefused(await send(api.setDealDefaults, 'MASTER', { deal }), field);
    expectFieldRefused(await send(api.setDealDefaults, 'MASTER', {}), 'deal', 'field_required');
    for (const login of ['AG2', 'AG1SUB2', 'ESAG2'])
      refused(await send(api.setDealDefaults, login, { deal: DEAL }), 403, 'right_required');
    await expectAgentsOnly(api.setDealDefaults, { deal: DEAL });
    expect(await dealOf('MASTER')).toEqual(before);
  });
});

describe('GetMasterSheet', () => {
  it("shows the master its direct sub-agents' rows and no row of its own", async () => {
    const sheet = await sheetOf('MASTER');
    // Absent a week: the latest that has ended, closed since Tuesday's cut-off.
    expect(sheet).toMatchObject({
      IdAgent: ids.MASTER,
      Currency: 'USD',
      StartDate: LAST_WEEK,
      EndDate: addDays(LAST_WEEK, 6),
      Closed: true,
      Own: null,
    });
    expect(sheet.Rows.map((r) => r.Agent).sort()).toEqual(['AG1', 'AG2', 'AG3']);
    expect(sheet.Rows.find((r) => r.Agent === 'AG1')!.HasSubAgents).toBe(true);
    expect(sheet.Rows.find((r) => r.Agent === 'AG3')!.HasSubAgents).toBe(false);
    expectTotals(sheet);
    const open = await sheetOf('MASTER', { week: addDays(THIS_WEEK, 2) });
    expect(open).toMatchObject({ StartDate: THIS_WEEK, Closed: false, Own: null });
    expect(new Date(open.ClosesAt).getTime()).toBeGreaterThan(at);
    expectTotals(open);
    // The week after a closed one starts from its balance forward.
    for (const row of open.Rows) {
      const last = sheet.Rows.find((r) => r.IdAgent === row.IdAgent)!;
      expect(row.BroughtForward, row.Agent).toBe(last.BalanceForward);
    }
  });

  it("shows a sub-agent its own row of its parent's sheet, never a sibling's", async () => {
    const parents = await sheetOf('AG1', { week: LAST_WEEK });
    const own = await sheetOf('AG1SUB', { week: LAST_WEEK });
    expect(own.IdAgent).toBe(ids.AG1SUB);
    expect(own.Own).toEqual(parents.Rows.find((r) => r.IdAgent === ids.AG1SUB));
    expect(own.Rows.map((r) => r.Agent)).toEqual(['AG1SUBA']);
    expect(JSON.stringify(own)).not.toContain('AG1SUB2');
    // AG1 opens AG1SUB's sheet: the same rows, and AG1SUB's row as its own.
    const opened = await sheetOf('AG1', { idAgent: ids.AG1SUB, week: LAST_WEEK });
    expect(opened.Rows).toEqual(own.Rows);
    expect(opened.Own).toEqual(own.Own);
    expectTotals(own);
  });

  it("refuses a sibling's, a parent's or another site's sheet as not found; 401, 403, 400", async () => {
    await expectNotFound(api.getMasterSheet, [
      ['AG1SUB', 'AG1SUB2'],
      ['AG1SUB', 'AG1'],
      ['AG1SUBA', 'AG1SUB'],
      ['ESAG1', 'AG1'],
      ['MASTER2', 'MASTER'],
    ]);
    await expectAgentsOnly(api.getMasterSheet, {});
    for (const week of ['2026/11/16', 'last week', '2026-11-31', '3000-01-05'])
      expectFieldRefused(await send(api.getMasterSheet, 'MASTER', { week }), 'week');
    // Next week is the latest sheet (what it starts from); a later one is refused, not walked to.
    expect((await sheetOf('MASTER', { week: NEXT_WEEK })).StartDate).toBe(NEXT_WEEK);
    const ahead = refused(
      await send(api.getMasterSheet, 'MASTER', { week: addDays(NEXT_WEEK, 7) }),
      400,
      'sheet_week_ahead',
    );
    expect(ahead.Params).toEqual({ week: addDays(NEXT_WEEK, 7), latest: NEXT_WEEK });
  });
});

describe('SetSheetEmail', () => {
  it("keeps the caller's choice, shown on its sheet; refuses a non-boolean, a player and nobody", async () => {
    expect((await sheetOf('AG1SUB')).EmailWeekly).toBe(false);
    expect(ok(await send(api.setSheetEmail, 'AG1SUB', { enabled: true }))).toEqual({
      EmailWeekly: true,
    });
    expect((await sheetOf('AG1SUB')).EmailWeekly).toBe(true);
    // Its parent's sheet is its parent's choice.
    expect((await sheetOf('AG1')).EmailWeekly).toBe(false);
    expectFieldRefused(await send(api.setSheetEmail, 'AG1SUB', { enabled: 'yes' }), 'enabled');
    expectFieldRefused(await send(api.setSheetEmail, 'AG1SUB', {}), 'enabled', 'field_required');
    await expectAgentsOnly(api.setSheetEmail, { enabled: true });
    ok(await send(api.setSheetEmail, 'AG1SUB', { enabled: false }));
  });
});

describe('SetSheetCutoff', () => {
  const TUESDAY_NOON = { Day: 2, Minute: 720 };

  it("moves the site's cut-off for the weeks still open; a closed week stays closed", async () => {
    expect((await sheetOf('MASTER', { week: THIS_WEEK })).Cutoff).toEqual(TUESDAY_NOON);
    // Sunday after the week, 23:59: last week would not be due yet, but it closed already.
    const late = { Day: 7, Minute: 1439 };
    expect(ok(await send(api.setSheetCutoff, 'MASTER', { cutoff: late }))).toEqual(late);
    const open = await sheetOf('AG1', { week: THIS_WEEK });
    expect(open).toMatchObject({ Cutoff: late, Closed: false });
    // Sunday 2026-11-29 23:59 in New York (UTC−5).
    expect(open.ClosesAt).toBe(new Date(`${addDays(THIS_WEEK, 13)}T23:59:00-05:00`).toISOString());
    expect(await sheetOf('MASTER', { week: LAST_WEEK })).toMatchObject({ Closed: true });
    // The other site keeps its own.
    expect((await sheetOf('MASTER2')).Cutoff).toEqual(TUESDAY_NOON);
    const [audit] = await queryRows<{ details: { before: object; after: object } }>(
      ctx.database.db,
      sql`select details from audit_log where action = 'site.sheet_cutoff' order by id desc limit 1`,
    );
    expect(audit!.details).toMatchObject({ before: TUESDAY_NOON, after: late });
    ok(await send(api.setSheetCutoff, 'MASTER', { cutoff: TUESDAY_NOON }));
    expect((await sheetOf('MASTER', { week: THIS_WEEK })).Cutoff).toEqual(TUESDAY_NOON);
  });

  it('refuses a day or a minute out of range, an agent below the master, a player and nobody', async () => {
    for (const [field, cutoff] of [
      ['cutoff.Day', { Day: 0, Minute: 720 }],
      ['cutoff.Day', { Day: 8, Minute: 720 }],
      ['cutoff.Day', { Day: 1.5, Minute: 720 }],
      ['cutoff.Minute', { Day: 2, Minute: 1440 }],
      ['cutoff.Minute', { Day: 2, Minute: -1 }],
      ['cutoff.Minute', { Day: 2, Minute: '12:00' }],
    ] as const)
      expectFieldRefused(await send(api.setSheetCutoff, 'MASTER', { cutoff }), field);
    const body = { cutoff: { Day: 1, Minute: 0 } };
    refused(await send(api.setSheetCutoff, 'AG1', body), 403, 'sheet_cutoff_master_only');
    refused(await send(api.setSheetCutoff, 'AG2', body), 403, 'right_required');
    await expectAgentsOnly(api.setSheetCutoff, body);
    expect((await sheetOf('MASTER', { week: THIS_WEEK })).Cutoff).toEqual(TUESDAY_NOON);
  });
});

describe('active players', () => {
  /** The decision's definition, from the wagers: players with a wager placed in the week. */
  const activeOf = async (week: string) =>
    new Map(
      (
        await queryRows<{ id: number; n: number }>(
          ctx.database.db,
          sql`select c.ancestor_id as id, count(distinct w.player_id)::int as n
              from agents a join agent_closure c on c.ancestor_id = a.id
              join wagers w on w.agent_id = c.descendant_id
                and date_trunc('week', w.placed_at at time zone ${ZONE})::date = ${week}::date
              where a.parent_id = ${ids.MASTER}
              group by c.ancestor_id`,
        )
      ).map((r) => [r.id, r.n]),
    );

  it('counts the players of a subtree with a wager in the week, a voided one too', async () => {
    for (const week of [LAST_WEEK, THIS_WEEK]) {
      const truth = await activeOf(week);
      const sheet = await sheetOf('MASTER', { week });
      for (const row of sheet.Rows)
        expect(row.ActivePlayers, `${row.Agent} ${week}`).toBe(truth.get(row.IdAgent) ?? 0);
      expect(sheet.Totals.ActivePlayers, week).toBeGreaterThan(0);
    }
    // A player below a sub-agent whose one wager this week is deleted played that week all the
    // same: a void does not undo the week's play (decision 033).
    const [only] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`select w.id from wagers w
          where w.site_id = 1 and w.status = 'open' and w.agent_id <> ${ids.MASTER}
            and date_trunc('week', w.placed_at at time zone ${ZONE})::date = ${THIS_WEEK}::date
            and not exists (select 1 from wagers x where x.player_id = w.player_id
              and x.id <> w.id and x.status <> 'deleted'
              and date_trunc('week', x.placed_at at time zone ${ZONE})::date = ${THIS_WEEK}::date)
          order by w.id limit 1`,
    );
    expect(only, 'a player with one open wager this week').toBeDefined();
    const before = (await sheetOf('MASTER', { week: THIS_WEEK })).Totals.ActivePlayers;
    ok(
      await send(api.wagerDelete, 'MASTER', {
        idWager: only!.id,
        reason: 'Placed in error',
      }),
    );
    expect((await sheetOf('MASTER', { week: THIS_WEEK })).Totals.ActivePlayers).toBe(before);
  });
});

describe('settling a week', () => {
  // Moves the clock; runs last, and every session after it is new.
  const moveTo = (iso: string) => {
    at = new Date(iso).getTime();
    as.clear();
  };
  const pay = (idAgent: number, amount: number) =>
    send(api.insertAgentPayment, 'MASTER', {
      idAgent,
      amount: Math.abs(amount),
      direction: amount > 0 ? 'toMaster' : 'fromMaster',
      method: 'cash',
      idempotencyKey: randomUUID(),
    });
  const rowOf = async (login: string, week: string) =>
    (await sheetOf('MASTER', { week })).Rows.find((r) => r.IdAgent === ids[login])!;

  it('counts a payment in the sheet still open, settles or part-settles it, and carries the rest', async () => {
    // Monday of the next week, before the cut-off: this week's sheet is still the open one.
    moveTo(`${NEXT_WEEK}T15:00:00Z`);
    const ag3 = await rowOf('AG3', THIS_WEEK);
    const ag2 = await rowOf('AG2', THIS_WEEK);
    expect(ag3).toMatchObject({ Paid: 0 });
    const due3 = ag3.BroughtForward + ag3.Owed;
    const due2 = ag2.BroughtForward + ag2.Owed;
    // Demo weeks always leave a figure to settle.
    expect(due3).not.toBe(0);
    expect(due2).not.toBe(0);
    // AG3 settles in full; AG2 pays part (a third, rounded, in its direction).
    ok(await pay(ids.AG3!, due3));
    const part = Math.trunc(due2 / 3) || Math.sign(due2);
    ok(await pay(ids.AG2!, part));

    const open = await sheetOf('MASTER', { week: THIS_WEEK });
    expect(open.Closed).toBe(false);
    const paid3 = open.Rows.find((r) => r.IdAgent === ids.AG3)!;
    const paid2 = open.Rows.find((r) => r.IdAgent === ids.AG2)!;
    expect(paid3).toMatchObject({ Paid: due3, BalanceForward: 0, Status: 'settled' });
    expect(paid2).toMatchObject({ Paid: part, BalanceForward: due2 - part, Status: 'partly' });
    expectTotals(open);
    // A sub-agent sees the same on its own row.
    expect((await sheetOf('AG2', { week: THIS_WEEK })).Own).toEqual(paid2);

    // Past the cut-off the week is closed with those figures, and the next week carries them.
    moveTo(`${addDays(NEXT_WEEK, 1)}T18:00:00Z`);
    const closed = await sheetOf('MASTER', { week: THIS_WEEK });
    expect(closed.Closed).toBe(true);
    expect(closed.Rows.find((r) => r.IdAgent === ids.AG3)).toEqual(paid3);
    expect(closed.Rows.find((r) => r.IdAgent === ids.AG2)).toEqual(paid2);
    expect(await sheetOf('MASTER')).toEqual(closed);
    const next = await sheetOf('MASTER', { week: NEXT_WEEK });
    expect(next.Closed).toBe(false);
    expect(next.Rows.find((r) => r.IdAgent === ids.AG3)).toMatchObject({
      BroughtForward: 0,
      Paid: 0,
    });
    expect(next.Rows.find((r) => r.IdAgent === ids.AG2)).toMatchObject({
      BroughtForward: due2 - part,
      Paid: 0,
    });
    // A payment now counts in the next week, not in the closed one.
    ok(await pay(ids.AG2!, due2 - part));
    expect(await sheetOf('MASTER', { week: THIS_WEEK })).toEqual(closed);
    expect(await rowOf('AG2', NEXT_WEEK)).toMatchObject({ Paid: due2 - part });
    // And no deal may start in the week just closed.
    const late = refused(
      await send(api.setAgentDeal, 'MASTER', { idAgent: ids.AG3, fromWeek: THIS_WEEK, deal: DEAL }),
      409,
      'deal_week_closed',
    );
    expect(late.Params).toMatchObject({ first: NEXT_WEEK });
  });
});
