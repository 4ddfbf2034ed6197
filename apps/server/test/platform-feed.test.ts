// The platform feed (issue 15, inbound): signed requests only, each event once, in the platform's
// time, through the same ledger operations as the back office.
import { sql } from 'drizzle-orm';
import { describe, expect, it, beforeAll } from 'vitest';
import {
  api,
  DEFAULT_PLATFORM_BASE,
  ErrorBody,
  platformApi,
  type PlatformEndpoint,
} from '@backline/contract';
import { queryRows } from '../src/db/query.ts';
import { countLedgerViolations } from '../src/ledger/ledger-invariants.ts';
import { signatureHeader } from '../src/platform/signature.ts';
import { DEMO_KEY_ID, DEMO_KEY_SECRET, seedDemoKey } from '../src/platform/demo-key.ts';
import { call, logIn, testClock, useTestApp } from './helpers.ts';

const ctx = useTestApp();

interface Key {
  KeyId: string;
  Secret: string;
  IdKey: number;
}

const nowSeconds = () => Math.floor(testClock().getTime() / 1000);
/** Each send signs at another second of the window: the same signed bytes twice are a replay. */
let tick = 0;
const freshSeconds = () => nowSeconds() - (++tick % 250);

function send(
  e: PlatformEndpoint,
  body: string,
  key: Key | null,
  opts: { t?: number; signature?: string; headers?: Record<string, string> } = {},
) {
  const t = opts.t ?? freshSeconds();
  const headers: Record<string, string> = {
    'content-type': e.contentType ?? 'application/json',
    ...opts.headers,
  };
  if (key) {
    headers['x-backline-key'] = key.KeyId;
    headers['x-backline-signature'] = opts.signature ?? signatureHeader(key.Secret, t, body);
  }
  return ctx.app.inject({
    method: 'POST',
    url: DEFAULT_PLATFORM_BASE + e.path,
    headers,
    payload: body,
  });
}

let seq = 0;
const eventId = (what: string) => `evt-${what}-${++seq}`;
const iso = (s: string) => new Date(s).toISOString();

function event(
  Type: string,
  Data: object,
  at = testClock().toISOString(),
  EventId = eventId(Type),
) {
  return { EventId, Type, OccurredAt: at, Data };
}

const sendEvent = (key: Key, e: object) => send(platformApi.sendEvent, JSON.stringify(e), key);

function refusal(res: { statusCode: number; json: () => unknown }, status: number, code: string) {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(status);
  const body = ErrorBody.parse(res.json());
  expect(body.Code).toBe(code);
  return body;
}

let key: Key;
let foreignKey: Key;

async function createKey(login: string, password: string, siteId: number, label: string) {
  const master = await logIn(ctx.app, login, password, siteId);
  const res = await call(ctx.app, api.insertIntegrationKey, master, { body: { Label: label } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Key;
}

beforeAll(async () => {
  key = await createKey('MASTER', 'demo-master', 1, 'feed tests');
  foreignKey = await createKey('MASTER2', 'demo-master', 2, 'site 2');
  // A book of our own: an agent's player, created in last week (a closed week), and a game.
  const lastWeek = iso('2026-11-10T12:00:00Z');
  for (const e of [
    event(
      'player.created',
      { Player: 'FEED1', Agent: 'AG1', Name: 'Feed One', CreditLimit: 100_000 },
      lastWeek,
    ),
    event(
      'player.created',
      { Player: 'FEED2', Agent: 'AG1', Name: 'Feed Two', CreditLimit: 50_000 },
      lastWeek,
    ),
    event(
      'game.created',
      {
        Game: 'G1',
        Sport: 'NFL',
        League: 'NFL',
        Home: 'Home',
        Away: 'Away',
        StartsAt: iso('2026-11-22T18:00:00Z'),
      },
      lastWeek,
    ),
  ]) {
    const res = await sendEvent(key, e);
    expect(res.statusCode, res.body).toBe(200);
  }
});

const leg = { Game: 'G1', Market: 'moneyline', Selection: 'Home', Odds: -110 };
const placed = (wager: string, player = 'FEED1', risk = 1_100) => ({
  Wager: wager,
  Player: player,
  WagerType: 'straight',
  Risk: risk,
  ToWin: 1_000,
  Legs: [leg],
});

async function balanceOf(login: string) {
  const [row] = await queryRows<{ balance: number; at_risk: number }>(
    ctx.database.db,
    sql`select balance::int, at_risk::int from players where login = ${login}`,
  );
  return row!;
}

describe('platform feed: signed requests', () => {
  const body = JSON.stringify(event('game.scored', { Game: 'G1', HomeScore: 0, AwayScore: 0 }));

  it('applies a signed event and answers its effect', async () => {
    const res = await send(platformApi.sendEvent, body, key);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      Outcome: 'applied',
      Effect: { IdGame: expect.any(Number) },
    });
  });

  it('refuses every bad signature with 401, the error body and a code', async () => {
    const other = JSON.stringify(event('game.scored', { Game: 'G1', HomeScore: 1, AwayScore: 0 }));
    refusal(await send(platformApi.sendEvent, other, null), 401, 'platform_key_invalid');
    refusal(
      await send(platformApi.sendEvent, other, { ...key, KeyId: 'bk_0000' }),
      401,
      'platform_key_invalid',
    );
    refusal(
      await send(platformApi.sendEvent, other, { ...key, Secret: 'bs_wrong' }),
      401,
      'signature_invalid',
    );
    const signed = signatureHeader(key.Secret, nowSeconds(), other);
    const altered = other.replace('"HomeScore":1', '"HomeScore":7');
    refusal(
      await send(platformApi.sendEvent, altered, key, { signature: signed }),
      401,
      'signature_invalid',
    );
    refusal(
      await send(platformApi.sendEvent, other, key, { t: nowSeconds() - 301 }),
      401,
      'signature_stale',
    );
    refusal(
      await send(platformApi.sendEvent, other, key, { t: nowSeconds() + 301 }),
      401,
      'signature_stale',
    );
    refusal(
      await send(platformApi.sendEvent, other, key, { signature: 'garbage' }),
      401,
      'signature_invalid',
    );
    // The first copy goes through; the same signed request again is a replay, even with an extra v1.
    const t = nowSeconds();
    const first = signatureHeader(key.Secret, t, other);
    expect((await send(platformApi.sendEvent, other, key, { signature: first })).statusCode).toBe(
      200,
    );
    refusal(
      await send(platformApi.sendEvent, other, key, { signature: first }),
      401,
      'signature_replayed',
    );
    const decorated = `${first},v1=${'0'.repeat(64)}`;
    refusal(
      await send(platformApi.sendEvent, other, key, { signature: decorated }),
      401,
      'signature_replayed',
    );
  });

  it('refuses a replayed wager event as a replay, remembered in the event’s own transaction', async () => {
    const body = JSON.stringify(event('wager.placed', placed('W-replay')));
    const t = nowSeconds() - 7;
    const signature = signatureHeader(key.Secret, t, body);
    // The same signed request twice at once: one applies, the other is a replay, never a duplicate.
    const both = await Promise.all(
      [0, 1].map(() => send(platformApi.sendEvent, body, key, { signature })),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    refusal(
      both.find((r) => r.statusCode === 401)!,
      401,
      'signature_replayed',
    );
    refusal(await send(platformApi.sendEvent, body, key, { signature }), 401, 'signature_replayed');
    // Signed anew, the same event is the platform's duplicate.
    const again = await send(platformApi.sendEvent, body, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ Outcome: 'duplicate' });
    // Two copies of a new wager's request at once: one places it, once; the other is a replay.
    const fresh = JSON.stringify(event('wager.placed', placed('W-replay-2')));
    const s2 = signatureHeader(key.Secret, t, fresh);
    const [a, b] = await Promise.all([
      send(platformApi.sendEvent, fresh, key, { signature: s2 }),
      send(platformApi.sendEvent, fresh, key, { signature: s2 }),
    ]);
    expect([a!.statusCode, b!.statusCode].sort()).toEqual([200, 401]);
    const [kept] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from wagers where external_id = 'W-replay-2'`,
    );
    expect(kept!.n).toBe(1);
  });

  it('takes the demo key README documents, written once however often the demo starts', async () => {
    for (let i = 0; i < 2; i++)
      await seedDemoKey(ctx.database.db, ctx.config.platformSecretKey, testClock);
    const demo = { KeyId: DEMO_KEY_ID, Secret: DEMO_KEY_SECRET, IdKey: 0 };
    const fresh = JSON.stringify(event('game.scored', { Game: 'G1', HomeScore: 0, AwayScore: 0 }));
    expect((await send(platformApi.sendEvent, fresh, demo)).statusCode).toBe(200);
  });

  it('refuses a revoked key, and keeps a rotated one until its overlap ends', async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const temp = (
      await call(ctx.app, api.insertIntegrationKey, master, { body: { Label: 'temp' } })
    ).json() as Key;
    const rotated = (
      await call(ctx.app, api.rotateIntegrationKey, master, {
        body: { IdKey: temp.IdKey, OverlapHours: 1 },
      })
    ).json() as Key;
    const fresh = () =>
      JSON.stringify(event('game.scored', { Game: 'G1', HomeScore: 0, AwayScore: 0 }));
    expect((await send(platformApi.sendEvent, fresh(), temp)).statusCode).toBe(200);
    expect((await send(platformApi.sendEvent, fresh(), rotated)).statusCode).toBe(200);
    const list = await call(ctx.app, api.getIntegrationKeys, master);
    const states = Object.fromEntries(
      (
        list.json() as { Keys: { IdKey: number; State: string; LastUsedAt: string | null }[] }
      ).Keys.map((k) => [k.IdKey, k]),
    );
    expect(states[temp.IdKey]).toMatchObject({ State: 'expiring', LastUsedAt: expect.any(String) });
    expect(states[rotated.IdKey]).toMatchObject({ State: 'live' });
    expect(JSON.stringify(list.json())).not.toContain(temp.Secret);
    const revoked = await call(ctx.app, api.revokeIntegrationKey, master, {
      body: { IdKey: temp.IdKey },
    });
    expect(revoked.json()).toMatchObject({ State: 'revoked' });
    refusal(await send(platformApi.sendEvent, fresh(), temp), 401, 'platform_key_invalid');
  });

  it('is closed to sessions, and a key opens neither the agent API nor another site', async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const fresh = JSON.stringify(event('game.scored', { Game: 'G1', HomeScore: 2, AwayScore: 0 }));
    refusal(
      await send(platformApi.sendEvent, fresh, null, {
        headers: { authorization: master.authorization! },
      }),
      401,
      'platform_key_invalid',
    );
    // Site 2's key reaches only site 2: there, G1 and FEED1 do not exist.
    refusal(await send(platformApi.sendEvent, fresh, foreignKey), 409, 'game_not_created');
    const check = JSON.stringify({ Player: 'FEED1', WagerType: 'straight', Risk: 100, ToWin: 90 });
    const foreign = await send(platformApi.checkWager, check, foreignKey);
    expect(foreign.json()).toMatchObject({ Accept: false, Reason: 'unknown_player' });
    // A key's headers on the agent API are nobody.
    const t = nowSeconds();
    const agentCall = await ctx.app.inject({
      method: 'GET',
      url: '/api/reports/AgentSiteFrames/GetIntegrationKeys'.replace('reports', 'core'),
      headers: {
        'x-backline-key': key.KeyId,
        'x-backline-signature': signatureHeader(key.Secret, t, ''),
      },
    });
    refusal(agentCall, 401, 'unauthorized');
    // Key management is the master agent's alone.
    const ag1 = await logIn(ctx.app, 'AG1', 'demo-agent');
    refusal(await call(ctx.app, api.getIntegrationKeys, ag1), 403, 'integration_master_only');
  });
});

describe('platform feed: events', () => {
  it('applies 50 concurrent copies of one event once', async () => {
    const before = await balanceOf('FEED1');
    const e = JSON.stringify(event('wager.placed', placed('W-concurrent')));
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        send(platformApi.sendEvent, e, key, {
          signature: signatureHeader(key.Secret, nowSeconds() - i, e),
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(200));
    const outcomes = answers.map((a) => a.json().Outcome as string);
    expect(outcomes.filter((o) => o === 'applied')).toHaveLength(1);
    expect(new Set(answers.map((a) => a.json().Effect.Ticket)).size).toBe(1);
    const after = await balanceOf('FEED1');
    expect(after.at_risk - before.at_risk).toBe(1_100);
    const [count] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from wagers where external_id = 'W-concurrent'`,
    );
    expect(count!.n).toBe(1);
  });

  it('refuses the same event id with another body (409) and changes nothing', async () => {
    const id = eventId('reuse');
    expect(
      (await sendEvent(key, event('wager.placed', placed('W-reuse-1'), undefined, id))).statusCode,
    ).toBe(200);
    const before = await balanceOf('FEED1');
    refusal(
      await sendEvent(key, event('wager.placed', placed('W-reuse-2'), undefined, id)),
      409,
      'event_id_reused',
    );
    expect(await balanceOf('FEED1')).toEqual(before);
  });

  it('refuses a grade before its wager as retryable, then applies it once the wager is placed', async () => {
    const grade = event('wager.graded', { Wager: 'W-early', Result: 'win' });
    const before = await balanceOf('FEED1');
    refusal(await sendEvent(key, grade), 409, 'wager_not_placed');
    expect(await balanceOf('FEED1')).toEqual(before);
    expect((await sendEvent(key, event('wager.placed', placed('W-early')))).statusCode).toBe(200);
    const retried = await sendEvent(key, grade);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ Outcome: 'applied', Effect: { Amount: 1_000 } });
    expect((await balanceOf('FEED1')).balance).toBe(before.balance + 1_000);
  });

  it('posts a late grade of a wager placed in a closed week on its graded day; the carry chain holds', async () => {
    const placedAt = iso('2026-11-12T15:00:00Z'); // Thursday of last week
    const paid = event(
      'payment.posted',
      { Player: 'FEED2', Amount: 3_000, Method: 'bank' },
      iso('2026-11-11T15:00:00Z'),
    );
    expect((await sendEvent(key, paid)).statusCode).toBe(200);
    const gradedAt = iso('2026-11-17T02:00:00Z'); // Monday evening in New York, this week
    expect(
      (await sendEvent(key, event('wager.placed', placed('W-late', 'FEED2', 2_000), placedAt)))
        .statusCode,
    ).toBe(200);
    const graded = await sendEvent(
      key,
      event('wager.graded', { Wager: 'W-late', Result: 'loss' }, gradedAt),
    );
    expect(graded.statusCode, graded.body).toBe(200);
    expect(graded.json().Effect).toMatchObject({ Amount: -2_000, Day: '2026-11-16' });
    const weeks = await queryRows<{
      week_start: string;
      carry: number;
      ending: number;
      day0: number;
    }>(
      ctx.database.db,
      sql`select w.week_start::text, w.carry::int, w.ending::int, w.day0::int from player_weekly w
            join players p on p.id = w.player_id where p.login = 'FEED2' order by w.week_start`,
    );
    expect(weeks.map((w) => w.week_start)).toEqual(['2026-11-09', '2026-11-16']);
    expect(weeks[0]!.ending).toBe(weeks[1]!.carry);
    expect(weeks[1]!.day0).toBe(-2_000);
    expect(await countLedgerViolations(ctx.database.db)).toEqual(
      Object.fromEntries(
        Object.keys(await countLedgerViolations(ctx.database.db)).map((k) => [k, 0]),
      ),
    );
  });

  it('posts payments, results and free play, and refuses wagers by the accept rule', async () => {
    const paid = await sendEvent(
      key,
      event('payment.posted', { Player: 'FEED1', Amount: 5_000, Method: 'cash' }),
    );
    expect(paid.statusCode, paid.body).toBe(200);
    expect(
      (
        await sendEvent(
          key,
          event('product.result', { Product: 'casino', Player: 'FEED1', Amount: -700 }),
        )
      ).statusCode,
    ).toBe(200);
    expect(
      (await sendEvent(key, event('freeplay.granted', { Player: 'FEED1', Amount: 500 })))
        .statusCode,
    ).toBe(200);
    const check = (body: object) => send(platformApi.checkWager, JSON.stringify(body), key);
    const ask = { Player: 'FEED1', WagerType: 'straight', Risk: 100, ToWin: 90, Games: ['G1'] };
    expect((await check(ask)).json()).toMatchObject({ Accept: true, Reason: null });
    expect((await check({ ...ask, Risk: 10_000_000 })).json()).toMatchObject({
      Accept: false,
      Reason: 'insufficient_credit',
    });
    expect((await check({ ...ask, FreePlay: true, Risk: 600 })).json()).toMatchObject({
      Accept: false,
      Reason: 'insufficient_free_play',
    });
    expect((await check({ ...ask, Player: 'NOBODY' })).json()).toMatchObject({
      Accept: false,
      Reason: 'unknown_player',
    });
    refusal(
      await sendEvent(key, event('wager.placed', placed('W-big', 'FEED1', 10_000_000))),
      409,
      'insufficient_credit',
    );
    expect(
      (await sendEvent(key, event('player.updated', { Player: 'FEED1', ProductsOff: ['sports'] })))
        .statusCode,
    ).toBe(200);
    expect((await check(ask)).json()).toMatchObject({ Accept: false, Reason: 'product_off' });
    expect(
      (await sendEvent(key, event('player.updated', { Player: 'FEED1', ProductsOff: [] })))
        .statusCode,
    ).toBe(200);
    expect((await sendEvent(key, event('player.suspended', { Player: 'FEED1' }))).statusCode).toBe(
      200,
    );
    expect((await check(ask)).json()).toMatchObject({ Accept: false, Reason: 'player_suspended' });
    refusal(
      await sendEvent(key, event('wager.placed', placed('W-suspended'))),
      409,
      'player_suspended',
    );
    expect((await sendEvent(key, event('player.reinstated', { Player: 'FEED1' }))).statusCode).toBe(
      200,
    );
    expect((await check(ask)).json()).toMatchObject({ Accept: true });
  });
});

describe('platform feed: found by the feed fuzzer and matrix', () => {
  it('refuses an amount beyond the largest payment as a field, never a balance out of range (500)', async () => {
    for (const e of [
      event('payment.posted', { Player: 'FEED1', Amount: 9_007_199_254_740_000, Method: 'cash' }),
      event('product.result', { Product: 'casino', Player: 'FEED1', Amount: -100_000_000_001 }),
      event('wager.placed', { ...placed('W-huge'), ToWin: 100_000_000_001 }),
    ])
      refusal(await sendEvent(key, e), 400, 'invalid_field');
  });

  it('answers a player update that changes nothing (it was a 500: an empty SET)', async () => {
    const res = await sendEvent(key, event('player.updated', { Player: 'FEED2' }));
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses a batch line holding text PostgreSQL cannot store, as a single event is (it was a 500)', async () => {
    const nul = event(
      'game.scored',
      { Game: 'G1', HomeScore: 0, AwayScore: 0 },
      undefined,
      '\u0000',
    );
    const single = await sendEvent(key, nul);
    refusal(single, 400, 'text_unstorable');
    const deep = JSON.stringify(event('player.updated', { Player: 'FEED2' })).replace(
      '"Data":',
      `"Deep":${'['.repeat(40)}${']'.repeat(40)},"Data":`,
    );
    const res = await send(platformApi.sendEventBatch, [JSON.stringify(nul), deep].join('\n'), key);
    expect(res.statusCode, res.body).toBe(200);
    expect(
      res.json().Lines.map((l: { Outcome: string; Code: string | null }) => [l.Outcome, l.Code]),
    ).toEqual([
      ['rejected', 'text_unstorable'],
      ['rejected', 'input_too_deep'],
    ]);
  });
});

describe('platform feed: batch', () => {
  it('answers each NDJSON line; a bad line loses nothing else', async () => {
    const before = await balanceOf('FEED1');
    const good1 = event('wager.placed', placed('W-batch-1'));
    const lines = [
      JSON.stringify(good1),
      '{not json',
      JSON.stringify(event('wager.placed', { ...placed('W-batch-x'), Risk: -5 })),
      JSON.stringify(event('wager.graded', { Wager: 'W-batch-missing', Result: 'win' })),
      JSON.stringify(good1),
      JSON.stringify(event('wager.graded', { Wager: 'W-batch-1', Result: 'loss' })),
    ];
    const res = await send(platformApi.sendEventBatch, lines.join('\n') + '\n', key);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({ Applied: 2, Duplicates: 1, Rejected: 3 });
    expect(
      answer.Lines.map((l: { Outcome: string; Code: string | null }) => [l.Outcome, l.Code]),
    ).toEqual([
      ['applied', null],
      ['rejected', 'event_not_json'],
      ['rejected', 'invalid_field'],
      ['rejected', 'wager_not_placed'],
      ['duplicate', null],
      ['applied', null],
    ]);
    expect(answer.Lines[2].Message).toContain('Risk');
    expect((await balanceOf('FEED1')).balance).toBe(before.balance - 1_100);
  });

  it('applies players side by side, each player’s lines in order, a game before every line after it', async () => {
    const game = {
      Game: 'G-lanes',
      Sport: 'NFL',
      League: 'NFL',
      Home: 'Home',
      Away: 'Away',
      StartsAt: iso('2026-11-22T18:00:00Z'),
    };
    const onLanes = { ...leg, Game: 'G-lanes' };
    const events = [
      // FEED3 can take a wager only after its own creation and payment, on its own lane.
      event('player.created', { Player: 'FEED3', Agent: 'AG1', Name: 'Feed Three' }),
      event('wager.placed', placed('W-lane-1a', 'FEED1')),
      event('payment.posted', { Player: 'FEED3', Amount: 5_000, Method: 'cash' }),
      event('wager.placed', placed('W-lane-2a', 'FEED2')),
      event('wager.placed', placed('W-lane-3a', 'FEED3')),
      event('wager.graded', { Wager: 'W-lane-1a', Result: 'win' }),
      event('wager.graded', { Wager: 'W-lane-2a', Result: 'loss' }),
      // Every line after the game may use it; no line before it waits on it.
      event('game.created', game),
      ...['FEED1', 'FEED2', 'FEED3'].map((p, i) =>
        event('wager.placed', { ...placed(`W-lane-${i + 1}b`, p), Legs: [onLanes] }),
      ),
      event('wager.graded', { Wager: 'W-lane-3a', Result: 'push' }),
      ...[1, 2, 3].map((i) => event('wager.graded', { Wager: `W-lane-${i}b`, Result: 'loss' })),
    ];
    const res = await send(
      platformApi.sendEventBatch,
      events.map((e) => JSON.stringify(e)).join('\n'),
      key,
    );
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer.Lines.filter((l: { Outcome: string }) => l.Outcome !== 'applied')).toEqual([]);
    expect(answer.Lines.map((l: { Line: number; EventId: string }) => [l.Line, l.EventId])).toEqual(
      events.map((e, i) => [i + 1, e.EventId]),
    );
    expect(await balanceOf('FEED3')).toEqual({ balance: 5_000 - 1_100, at_risk: 0 });
    expect(await countLedgerViolations(ctx.database.db)).toEqual(
      Object.fromEntries(
        Object.keys(await countLedgerViolations(ctx.database.db)).map((k) => [k, 0]),
      ),
    );
  });
});

describe('platform feed: wagers set-based', () => {
  /** One player's wagers: placings and grades, refusals among them, free play granted between. */
  function story(p: string) {
    const parlayLegs = [leg, { ...leg, Selection: 'Away', Odds: 120 }];
    return [
      event('wager.placed', { ...placed(`${p}-1`, p), WagerType: 'parlay', Legs: parlayLegs }),
      event('wager.placed', placed(`${p}-2`, p, 2_200)),
      event('wager.graded', {
        Wager: `${p}-1`,
        Result: 'loss',
        Legs: [
          { Result: 'loss', ClosingLine: 2.5, ClosingOdds: 105 },
          { Result: 'win', ClosingLine: null, ClosingOdds: null },
        ],
      }),
      event('wager.placed', placed(`${p}-big`, p, 10_000_000)),
      event('wager.graded', {
        Wager: `${p}-2`,
        Result: 'win',
        Legs: [{ Result: 'win' }, { Result: 'win' }],
      }),
      event('wager.graded', { Wager: `${p}-2`, Result: 'win' }),
      event('wager.graded', { Wager: `${p}-1`, Result: 'win' }),
      event('freeplay.granted', { Player: p, Amount: 3_000 }),
      event('wager.placed', { ...placed(`${p}-fp`, p, 2_000), FreePlay: true }),
      event('wager.placed', { ...placed(`${p}-fp2`, p, 2_000), FreePlay: true }),
      event('wager.graded', { Wager: `${p}-fp`, Result: 'push' }),
      event('wager.graded', { Wager: `${p}-never`, Result: 'win' }),
      event('wager.placed', placed(`${p}-open`, p, 1_500)),
    ];
  }

  /** What a player's book holds, without ids: to compare two players told the same story. */
  async function bookOf(login: string) {
    const rows = (what: ReturnType<typeof sql>) =>
      queryRows<Record<string, unknown>>(ctx.database.db, what);
    return {
      player: await rows(
        sql`select balance::int, at_risk::int, free_play_balance::int from players where login = ${login}`,
      ),
      ledger: await rows(
        sql`select l.type, l.amount::int, l.balance_after::int, l.free_play_after::int, l.day,
              l.description_code, l.created_by
            from ledger l join players p on p.id = l.player_id where p.login = ${login}
            order by l.id`,
      ),
      wagers: await rows(
        sql`select replace(w.external_id, ${login}, 'P') as ref, w.status, w.result, w.amount::int,
              w.risk::int, w.free_play, w.graded_day, w.description,
              (select json_agg(json_build_object('result', g.result, 'closingLine', g.closing_line,
                 'closingOdds', g.closing_odds, 'selection', g.selection) order by g.id)
                 from wager_legs g where g.wager_id = w.id) as legs
            from wagers w join players p on p.id = w.player_id where p.login = ${login}
            order by w.id`,
      ),
      days: await rows(
        sql`select d.day, d.sports::int, d.free_play::int, d.entries, d.closing::int
            from player_daily d join players p on p.id = d.player_id where p.login = ${login}
            order by d.day`,
      ),
      weeks: await rows(
        sql`select w.week_start, w.carry::int, w.sports::int, w.free_play::int, w.ending::int
            from player_weekly w join players p on p.id = w.player_id where p.login = ${login}
            order by w.week_start`,
      ),
    };
  }

  it('answers and posts a batch of them exactly as the same events sent one by one', async () => {
    for (const p of ['CHUNKA', 'CHUNKB']) {
      const res = await sendEvent(
        key,
        event('player.created', { Player: p, Agent: 'AG1', Name: p, CreditLimit: 20_000 }),
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    const batch = story('CHUNKA');
    const res = await send(
      platformApi.sendEventBatch,
      batch.map((e) => JSON.stringify(e)).join('\n'),
      key,
    );
    expect(res.statusCode, res.body).toBe(200);
    const inBatch = (res.json() as { Lines: { Outcome: string; Code: string | null }[] }).Lines.map(
      (l) => [l.Outcome, l.Code],
    );
    const alone: (string | null)[][] = [];
    for (const e of story('CHUNKB')) {
      const one = await sendEvent(key, e);
      const body = one.json() as { Outcome?: string; Code?: string };
      alone.push(one.statusCode === 200 ? [body.Outcome!, null] : ['rejected', body.Code!]);
    }
    expect(inBatch).toEqual(alone);
    expect(inBatch).toEqual([
      ['applied', null],
      ['applied', null],
      ['applied', null],
      ['rejected', 'insufficient_credit'],
      ['rejected', 'wager_legs_mismatch'],
      ['applied', null],
      ['rejected', 'wager_not_open'],
      ['applied', null],
      ['applied', null],
      ['rejected', 'insufficient_free_play'],
      ['applied', null],
      ['rejected', 'wager_not_placed'],
      ['applied', null],
    ]);
    const [a, b] = [await bookOf('CHUNKA'), await bookOf('CHUNKB')];
    expect(a).toEqual(b);
    expect(a.wagers[0]).toMatchObject({
      ref: 'P-1',
      status: 'graded',
      result: 'loss',
      legs: [
        { result: 'loss', closingLine: 2.5, closingOdds: 105, selection: 'Home' },
        { result: 'win', closingLine: null, closingOdds: null, selection: 'Away' },
      ],
    });
    expect(a.player).toEqual([
      { balance: -1_100 + 1_000, at_risk: 1_500, free_play_balance: 3_000 - 2_000 + 2_000 },
    ]);
    // A refused event leaves no record: the platform may send it again once it can apply.
    const refused = batch.filter((_, i) => inBatch[i]![0] === 'rejected').map((e) => e.EventId);
    const [kept] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from platform_events where event_id = any(${`{${refused.join(',')}}`}::text[])`,
    );
    expect(kept!.n).toBe(0);
    expect(Object.values(await countLedgerViolations(ctx.database.db)).every((n) => n === 0)).toBe(
      true,
    );
  });

  it('applies concurrent single events together, each answered as alone', async () => {
    const players = ['CHUNKC', 'CHUNKD', 'CHUNKE', 'CHUNKF'];
    for (const p of players) {
      const res = await sendEvent(
        key,
        event('player.created', { Player: p, Agent: 'AG1', Name: p, CreditLimit: 5_000 }),
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    // Four players at once, each placing until its credit is gone; then every wager graded at once.
    const placings = players.flatMap((p) =>
      [1, 2, 3, 4, 5].map((n) => event('wager.placed', placed(`${p}-${n}`, p, 1_100))),
    );
    const answers = await Promise.all(placings.map((e) => sendEvent(key, e)));
    const byPlayer = players.map((_, i) =>
      answers.slice(i * 5, i * 5 + 5).map((r) => r.statusCode),
    );
    // 5,000 of credit takes four wagers of 1,100, whichever four arrive first.
    for (const codes of byPlayer) expect(codes.sort()).toEqual([200, 200, 200, 200, 409]);
    const taken = placings.filter((_, i) => answers[i]!.statusCode === 200);
    const grades = await Promise.all(
      taken.map((e) =>
        sendEvent(
          key,
          event('wager.graded', { Wager: (e.Data as { Wager: string }).Wager, Result: 'loss' }),
        ),
      ),
    );
    expect(grades.map((r) => r.statusCode)).toEqual(taken.map(() => 200));
    for (const p of players) expect(await balanceOf(p)).toEqual({ balance: -4_400, at_risk: 0 });
    expect(Object.values(await countLedgerViolations(ctx.database.db)).every((n) => n === 0)).toBe(
      true,
    );
  });
});
