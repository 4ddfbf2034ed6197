// Limits above an agent's cap (issue 17, DOMAIN.md "Running the book"): a request to the parent of
// the highest agent whose cap they pass, approved or refused there, recorded on the player's
// history, told by notification; an approval is a ceiling of the player's own, which the setting of
// limits and the feed's accept rule honour; the approver's own caps still bind it.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  NO_WAGER_LIMITS,
  platformApi,
  type LimitRequest,
  type NotificationList,
  type PlatformEndpoint,
  type PlayerChange,
  type PlayerLimits,
} from '@backline/contract';
import { queryRows } from '../src/db/query.ts';
import { anonymous, call, logIn, testClock, useTestApp, type Caller } from './helpers.ts';
import { idOf } from './db-helpers.ts';
import { sendFeed, type FeedKey } from './security/feed-send.ts';

const ctx = useTestApp();

/** The limits of a player who has none set. */
const NONE = NO_WAGER_LIMITS;

let master: Caller;
let ag1: Caller;
let key: FeedKey;
let seq = 0;

const feed = (body: object, e: PlatformEndpoint = platformApi.sendEvent) =>
  sendFeed(ctx.app, e, JSON.stringify(body), testClock, { key });

async function applied(Type: string, Data: object) {
  const res = await feed({
    EventId: `requests-${Type}-${++seq}`,
    Type,
    OccurredAt: testClock().toISOString(),
    Data,
  });
  expect(res.status, res.body).toBe(200);
}

async function setCaps(login: string, credit: number | null, wager: number | null) {
  const id = await idOf(ctx.database, 'agents', login);
  await ctx.database.db.execute(
    sql`update agents set credit_limit_cap = ${credit}, max_wager_cap = ${wager} where id = ${id}`,
  );
}

const limits = (body: Record<string, unknown>) => ({ limits: NONE, ...body });

async function ask(caller: Caller, body: Record<string, unknown>) {
  return call(ctx.app, api.requestPlayerLimits, caller, {
    body: limits({ reason: 'Trusted player, asked for more', ...body }),
  });
}

async function asked(caller: Caller, body: Record<string, unknown>): Promise<LimitRequest> {
  const res = await ask(caller, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as LimitRequest;
}

async function decide(caller: Caller, body: Record<string, unknown>) {
  return call(ctx.app, api.decideLimitRequest, caller, { body });
}

async function limitsOf(idPlayer: number, caller = master): Promise<PlayerLimits> {
  const res = await call(ctx.app, api.getPlayerLimits, caller, { body: { idPlayer } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PlayerLimits;
}

async function box(caller: Caller, body: Record<string, unknown>): Promise<LimitRequest[]> {
  const res = await call(ctx.app, api.getLimitRequests, caller, { body });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { Rows: LimitRequest[] }).Rows;
}

async function notices(caller: Caller) {
  const res = await call(ctx.app, api.getNotificationByAgentId, caller, {});
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as NotificationList).Notifications;
}

/** A player created through the feed under `agent`, with a credit limit of 1,000.00. */
async function newPlayer(login: string, agent: string): Promise<number> {
  await applied('player.created', {
    Player: login,
    Agent: agent,
    Name: login,
    CreditLimit: 100_000,
  });
  return idOf(ctx.database, 'players', login);
}

beforeAll(async () => {
  master = await logIn(ctx.app, 'MASTER', 'demo-master');
  ag1 = await logIn(ctx.app, 'AG1', 'demo-agent');
  const made = await call(ctx.app, api.insertIntegrationKey, master, { body: { Label: 'asks' } });
  expect(made.statusCode, made.body).toBe(200);
  key = made.json() as FeedKey;
  await applied('game.created', {
    Game: 'RQ1',
    Sport: 'NFL',
    League: 'NFL',
    Home: 'Home',
    Away: 'Away',
    StartsAt: new Date(testClock().getTime() + 48 * 3_600_000).toISOString(),
  });
  await setCaps('AG1', 150_000, 20_000);
  await setCaps('AG1SUB', 120_000, null);
});

describe('a request above the caps', () => {
  it('goes to the parent, is approved there, and becomes a ceiling the accept rule honours', async () => {
    const idPlayer = await newPlayer('RQA', 'AG1');
    const over = await call(ctx.app, api.setPlayerLimits, ag1, {
      body: limits({ idPlayer, creditLimit: 160_000 }),
    });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ Code: 'over_agent_cap', Params: { agent: 'AG1' } });

    const filed = await asked(ag1, { idPlayer, creditLimit: 160_000, maxWager: 25_000 });
    expect(filed).toMatchObject({
      Status: 'pending',
      Player: 'RQA',
      Agent: 'AG1',
      Approver: 'MASTER',
      RequestedBy: 'AG1',
      Reason: 'Trusted player, asked for more',
      CanDecide: false,
      Asked: { CreditLimit: 160_000, MaxWager: 25_000 },
      Before: { CreditLimit: 100_000, MaxWager: 0 },
    });
    expect(filed.Passed).toEqual([
      { Field: 'creditLimit', Agent: 'AG1', Cap: 150_000, Asked: 160_000, Currency: 'USD' },
      { Field: 'maxWager', Agent: 'AG1', Cap: 20_000, Asked: 25_000, Currency: 'USD' },
    ]);
    // Nothing changed yet; the player's page says what is awaited.
    const waiting = await limitsOf(idPlayer, ag1);
    expect(waiting).toMatchObject({
      CreditLimit: 100_000,
      MaxWager: 0,
      Approved: { CreditLimit: null, MaxWager: null },
      Pending: { IdRequest: filed.IdRequest, Approver: 'MASTER' },
    });
    // The master hears of it, and finds it to decide; AG1 finds it among those it filed.
    expect((await notices(master)).map((n) => n.Title)).toContain('Limits above a cap: RQA');
    const toDecide = await box(master, { box: 'toDecide' });
    expect(toDecide.find((r) => r.IdRequest === filed.IdRequest)).toMatchObject({
      CanDecide: true,
    });
    expect(await box(ag1, { box: 'toDecide' })).toEqual([]);
    expect((await box(ag1, { box: 'filed', idPlayer })).map((r) => r.IdRequest)).toEqual([
      filed.IdRequest,
    ]);
    // AG1 may decide for its own sub-agents, not above itself.
    const mine = await decide(ag1, { idRequest: filed.IdRequest, decision: 'approve' });
    expect(mine.statusCode).toBe(403);
    expect(mine.json()).toMatchObject({ Code: 'limit_request_above', Params: { agent: 'MASTER' } });

    const approved = await decide(master, {
      idRequest: filed.IdRequest,
      decision: 'approve',
      note: 'For the season',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({
      Status: 'approved',
      DecidedBy: 'MASTER',
      Note: 'For the season',
      CanDecide: false,
    });
    expect(await limitsOf(idPlayer)).toMatchObject({
      CreditLimit: 160_000,
      MaxWager: 25_000,
      Caps: { CreditLimit: 150_000, MaxWager: 20_000 },
      Approved: { CreditLimit: 160_000, MaxWager: 25_000 },
      Pending: null,
    });
    const again = await decide(master, { idRequest: filed.IdRequest, decision: 'refuse' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ Code: 'limit_request_decided' });
    expect((await notices(ag1)).map((n) => n.Title)).toContain('Approved: limits of RQA');

    // The history has the request, the limits it set and the decision.
    const changes = await call(ctx.app, api.getPlayerChanges, ag1, { body: { idPlayer } });
    const rows = (changes.json() as { Rows: PlayerChange[] }).Rows;
    expect(rows.slice(0, 3).map((r) => [r.Action, r.By])).toEqual([
      ['limit_request.approved', 'MASTER'],
      ['player.limits', 'MASTER'],
      ['limit_request.filed', 'AG1'],
    ]);
    expect(rows[1]!.Fields).toEqual(
      expect.arrayContaining([
        { Field: 'CreditLimit', Kind: 'money', Before: 100_000, After: 160_000 },
        { Field: 'Approved.MaxWager', Kind: 'money', Before: null, After: 25_000 },
      ]),
    );

    // Within the ceiling AG1 moves freely; above it, it asks again.
    const lower = await call(ctx.app, api.setPlayerLimits, ag1, {
      body: limits({ idPlayer, creditLimit: 155_000, maxWager: 25_000 }),
    });
    expect(lower.statusCode, lower.body).toBe(200);
    const higher = await call(ctx.app, api.setPlayerLimits, ag1, {
      body: limits({ idPlayer, creditLimit: 170_000, maxWager: 25_000 }),
    });
    expect(higher.json()).toMatchObject({
      Code: 'over_agent_cap',
      Params: { field: 'creditLimit' },
    });

    // The accept rule takes a wager above AG1's cap, up to the player's own approved maximum.
    const check = (Risk: number) =>
      feed(
        { Player: 'RQA', WagerType: 'straight', Risk, ToWin: Risk, Games: ['RQ1'] },
        platformApi.checkWager,
      ).then((r) => JSON.parse(r.body) as { Accept: boolean; Reason: string | null });
    expect(await check(24_000)).toMatchObject({ Accept: true });
    expect(await check(25_001)).toMatchObject({ Accept: false, Reason: 'over_maximum' });

    // Limits back within the caps end the ceiling: no maximum of its own is AG1's cap again.
    const back = await call(ctx.app, api.setPlayerLimits, ag1, {
      body: limits({ idPlayer, creditLimit: 155_000, maxWager: 0 }),
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ Approved: { CreditLimit: 160_000, MaxWager: null } });
    expect(await check(20_001)).toMatchObject({ Accept: false, Reason: 'over_maximum' });
    const within = await call(ctx.app, api.setPlayerLimits, ag1, {
      body: limits({ idPlayer, creditLimit: 150_000 }),
    });
    expect(within.json()).toMatchObject({ Approved: { CreditLimit: null, MaxWager: null } });
    const again2 = await call(ctx.app, api.setPlayerLimits, ag1, {
      body: limits({ idPlayer, creditLimit: 155_000 }),
    });
    expect(again2.json()).toMatchObject({ Code: 'over_agent_cap' });
  });

  it('is decided at once by a caller who is the approver; a new one replaces the pending one; a refusal changes nothing', async () => {
    const idPlayer = await newPlayer('RQB', 'AG1SUB');
    // Only AG1SUB's cap is passed: AG1 decides, and AG1 is asking.
    const own = await asked(ag1, { idPlayer, creditLimit: 130_000 });
    expect(own).toMatchObject({ Status: 'approved', Approver: 'AG1', DecidedBy: 'AG1' });
    expect(await limitsOf(idPlayer, ag1)).toMatchObject({
      CreditLimit: 130_000,
      Approved: { CreditLimit: 130_000, MaxWager: null },
    });

    // Past AG1's cap too: the master decides.
    const first = await asked(ag1, { idPlayer, creditLimit: 180_000 });
    expect(first).toMatchObject({ Status: 'pending', Approver: 'MASTER' });
    expect(first.Passed.map((p) => p.Agent)).toEqual(['AG1SUB', 'AG1']);
    const second = await asked(ag1, { idPlayer, creditLimit: 170_000 });
    const filed = await box(ag1, { box: 'filed', status: 'decided', idPlayer });
    expect(filed.find((r) => r.IdRequest === first.IdRequest)).toMatchObject({
      Status: 'replaced',
    });
    const refused = await decide(master, {
      idRequest: second.IdRequest,
      decision: 'refuse',
      note: 'Not this week',
    });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json()).toMatchObject({ Status: 'refused', Note: 'Not this week' });
    expect(await limitsOf(idPlayer)).toMatchObject({ CreditLimit: 130_000, Pending: null });
    expect((await notices(ag1)).map((n) => n.Title)).toContain('Refused: limits of RQB');
  });

  it('binds the approver by its own caps, as they are when it decides', async () => {
    const idPlayer = await newPlayer('RQC', 'AG1SUB');
    // AG1SUB may set limits and ask for more.
    const subId = await idOf(ctx.database, 'agents', 'AG1SUB');
    await ctx.database.db.execute(
      sql`update agents set rights = rights || array['managePlayers', 'setLimits', 'exceedCaps']
          where id = ${subId}`,
    );
    const sub = await logIn(ctx.app, 'AG1SUB', 'demo-sub');
    const filed = await asked(sub, { idPlayer, creditLimit: 140_000 });
    expect(filed).toMatchObject({ Status: 'pending', Approver: 'AG1' });
    expect((await notices(ag1)).map((n) => n.Body)).toContain(
      'AG1SUB asks for limits of RQC above the cap of agent AG1SUB. ' +
        'Reason: Trusted player, asked for more. Decide it under Agents › Limit requests.',
    );
    // Meanwhile the master lowers AG1's own cap below what was asked.
    await setCaps('AG1', 135_000, 20_000);
    try {
      const res = await decide(ag1, { idRequest: filed.IdRequest, decision: 'approve' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        Code: 'over_agent_cap',
        Params: { field: 'creditLimit', agent: 'AG1', cap: 135_000 },
      });
      expect(await limitsOf(idPlayer)).toMatchObject({ CreditLimit: 100_000 });
      // The request stays pending, for the master (AG1's parent) to decide instead.
      expect((await box(master, { box: 'toDecide' })).map((r) => r.IdRequest)).toContain(
        filed.IdRequest,
      );
      const res2 = await decide(master, { idRequest: filed.IdRequest, decision: 'approve' });
      expect(res2.statusCode, res2.body).toBe(200);
    } finally {
      await setCaps('AG1', 150_000, 20_000);
    }
  });

  it('answers what it cannot do with a code: within the caps, no agent above, bad input', async () => {
    const idPlayer = await newPlayer('RQD', 'AG1');
    const within = await ask(ag1, { idPlayer, creditLimit: 120_000 });
    expect(within.statusCode).toBe(409);
    expect(within.json()).toMatchObject({ Code: 'limits_within_caps' });
    await setCaps('MASTER', 500_000, null);
    try {
      const top = await ask(master, { idPlayer, creditLimit: 600_000 });
      expect(top.statusCode).toBe(409);
      expect(top.json()).toMatchObject({ Code: 'no_agent_above_cap', Params: { agent: 'MASTER' } });
    } finally {
      await setCaps('MASTER', null, null);
    }
    const noReason = await ask(ag1, { idPlayer, creditLimit: 160_000, reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ Code: 'invalid_field' });
    const expired = await ask(ag1, {
      idPlayer,
      creditLimit: 100_000,
      tempCredit: 90_000,
      tempCreditUntil: new Date(testClock().getTime() - 60_000).toISOString(),
    });
    expect(expired.json()).toMatchObject({ Code: 'temp_credit_expiry' });
    const maybe = await decide(master, { idRequest: 1, decision: 'maybe' });
    expect(maybe.statusCode).toBe(400);
    const none = await decide(master, { idRequest: 999_999, decision: 'approve' });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ Code: 'limit_request_not_found' });
  });

  it('needs its rights, a session, and stays within the caller’s tree and site', async () => {
    const idPlayer = await newPlayer('RQE', 'AG1');
    const filed = await asked(ag1, { idPlayer, creditLimit: 160_000 });
    // AG2 holds neither the right to ask nor to decide.
    const ag2 = await logIn(ctx.app, 'AG2', 'demo-agent');
    const noAsk = await ask(ag2, { idPlayer, creditLimit: 160_000 });
    expect(noAsk.statusCode).toBe(403);
    expect(noAsk.json()).toMatchObject({ Code: 'right_required' });
    const noDecide = await decide(ag2, { idRequest: filed.IdRequest, decision: 'approve' });
    expect(noDecide.statusCode).toBe(403);
    expect(await box(ag2, { box: 'filed' })).toEqual([]);
    // The other site's master sees nothing of it and cannot decide it.
    const master2 = await logIn(ctx.app, 'MASTER2', 'demo-master', 2);
    const abroad = await decide(master2, { idRequest: filed.IdRequest, decision: 'approve' });
    expect(abroad.statusCode).toBe(404);
    expect(await box(master2, { box: 'toDecide' })).toEqual([]);
    const [foreign] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`select id from players where site_id = 2 order by id limit 1`,
    );
    const other = await ask(ag1, { idPlayer: foreign!.id, creditLimit: 160_000 });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ Code: 'player_not_found' });
    // No session: 401 on each.
    const nobody = await anonymous(ctx.app);
    expect((await ask(nobody, { idPlayer, creditLimit: 160_000 })).statusCode).toBe(401);
    expect(
      (await decide(nobody, { idRequest: filed.IdRequest, decision: 'refuse' })).statusCode,
    ).toBe(401);
    expect((await call(ctx.app, api.getLimitRequests, nobody, { body: {} })).statusCode).toBe(401);
  });
});
