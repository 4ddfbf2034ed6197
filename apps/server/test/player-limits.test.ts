// A player's limits (issue 17): set within the caps of the agents above, audited, and applied by
// the feed's accept rule with every reason code of DOMAIN.md; a limit lowered below what a player
// has open refuses the next wager and touches none already placed.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  NO_WAGER_LIMITS,
  ErrorBody,
  platformApi,
  type PlatformEndpoint,
  type PlayerLimits,
} from '@backline/contract';
import { queryRows } from '../src/db/query.ts';
import { countLedgerViolations } from '../src/ledger/ledger-invariants.ts';
import { anonymous, call, logIn, testClock, useTestApp, type Caller } from './helpers.ts';
import { idOf } from './db-helpers.ts';
import { sendFeed, type FeedKey } from './security/feed-send.ts';

const ctx = useTestApp();

let key: FeedKey;
let master: Caller;
let seq = 0;

const feed = (body: object, e: PlatformEndpoint = platformApi.sendEvent) =>
  sendFeed(ctx.app, e, JSON.stringify(body), testClock, { key });

function event(Type: string, Data: object) {
  return { EventId: `limits-${Type}-${++seq}`, Type, OccurredAt: testClock().toISOString(), Data };
}

async function applied(Type: string, Data: object) {
  const res = await feed(event(Type, Data));
  expect(res.status, res.body).toBe(200);
}

const inHours = (hours: number) =>
  new Date(testClock().getTime() + hours * 3_600_000).toISOString();

async function setLimits(caller: Caller, body: Record<string, unknown>) {
  return call(ctx.app, api.setPlayerLimits, caller, { body });
}

async function limitsOf(login: string, caller = master): Promise<PlayerLimits> {
  const res = await call(ctx.app, api.getPlayerLimits, caller, {
    body: { idPlayer: await idOf(ctx.database, 'players', login) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PlayerLimits;
}

/** The limits of a player who has none set. */
const NONE = NO_WAGER_LIMITS;

beforeAll(async () => {
  master = await logIn(ctx.app, 'MASTER', 'demo-master');
  const made = await call(ctx.app, api.insertIntegrationKey, master, { body: { Label: 'limits' } });
  expect(made.statusCode, made.body).toBe(200);
  key = made.json() as FeedKey;
  for (const login of ['LIM1', 'LIM2'])
    await applied('player.created', {
      Player: login,
      Agent: 'AG1',
      Name: `Limits ${login}`,
      CreditLimit: 100_000,
    });
  for (const [game, sport] of [
    ['LG1', 'NFL'],
    ['LG2', 'NBA'],
    ['LG3', 'NHL'],
    ['LG4', 'NFL'],
  ] as const)
    await applied('game.created', {
      Game: game,
      Sport: sport,
      League: sport,
      Home: 'Home',
      Away: 'Away',
      StartsAt: inHours(48),
    });
});

describe('AgentSiteFrames/SetPlayerLimits', () => {
  it('sets credit, temporary credit and wager limits, answers them as read back, and audits once', async () => {
    const idPlayer = await idOf(ctx.database, 'players', 'LIM2');
    expect(await limitsOf('LIM2')).toMatchObject({
      CreditLimit: 100_000,
      TempCredit: 0,
      TempCreditUntil: null,
      Limits: NONE,
    });
    const body = {
      idPlayer,
      creditLimit: 200_000,
      tempCredit: 50_000,
      tempCreditUntil: inHours(24),
      maxWager: 40_000,
      limits: {
        MinByType: { straight: 500 },
        MaxByType: { straight: 30_000, parlay: 10_000 },
        MaxBySport: { NFL: 25_000 },
        MaxParlayLegs: 6,
        MaxParlayPayout: 500_000,
      },
    };
    const res = await setLimits(master, body);
    expect(res.statusCode, res.body).toBe(200);
    const answered = res.json() as PlayerLimits;
    expect(answered).toEqual(await limitsOf('LIM2'));
    expect(answered).toMatchObject({
      CreditLimit: 200_000,
      TempCredit: 50_000,
      MaxWager: 40_000,
      Limits: body.limits,
    });
    expect(new Date(answered.TempCreditUntil!).toISOString()).toBe(body.tempCreditUntil);
    // The same again changes nothing and records nothing more.
    expect((await setLimits(master, body)).statusCode).toBe(200);
    const audited = await queryRows<{
      action: string;
      details: { before: PlayerLimits; after: PlayerLimits };
    }>(
      ctx.database.db,
      // The agent's acts on it (the platform's row for the player it created is its own).
      sql`select action, details from audit_log where target_kind = 'player' and target_id = ${idPlayer}
            and actor_kind = 'agent' order by id`,
    );
    expect(audited.map((a) => a.action)).toEqual(['player.limits']);
    expect(audited[0]!.details.before).toMatchObject({ CreditLimit: 100_000, Limits: NONE });
    expect(audited[0]!.details.after).toMatchObject({ CreditLimit: 200_000, TempCredit: 50_000 });

    // Available counts the temporary credit while it lasts, in the list and in standing alike.
    const page = await call(ctx.app, api.getPlayers, master, { body: { search: 'LIM2' } });
    const [row] = (
      page.json() as { Rows: { Available: number; Balance: number; AtRisk: number }[] }
    ).Rows;
    expect(row!.Available).toBe(200_000 + 50_000 + row!.Balance - row!.AtRisk);
    const standing = await call(ctx.app, api.playerStanding, master, { body: { search: 'LIM2' } });
    const [st] = (standing.json() as { Rows: { Available: number }[] }).Rows;
    expect(st!.Available).toBe(row!.Available);
  });

  it('refuses limits that contradict themselves or a temporary credit without a future expiry', async () => {
    const idPlayer = await idOf(ctx.database, 'players', 'LIM2');
    const base = { idPlayer, creditLimit: 1_000, limits: NONE };
    const bad = await setLimits(master, {
      ...base,
      limits: { ...NONE, MinByType: { straight: 900 }, MaxByType: { straight: 500 } },
    });
    expect(bad.statusCode).toBe(400);
    expect(ErrorBody.parse(bad.json())).toMatchObject({ Code: 'invalid_field' });
    for (const until of [undefined, inHours(-1)]) {
      const res = await setLimits(master, { ...base, tempCredit: 500, tempCreditUntil: until });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ Code: 'temp_credit_expiry' });
    }
    for (const body of [
      { ...base, creditLimit: -1 },
      { ...base, limits: { ...NONE, MaxParlayLegs: 1 } },
      { ...base, limits: { ...NONE, MaxBySport: { CURLING: 100 } } },
      { idPlayer },
    ]) {
      const res = await setLimits(master, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    // Nothing of it was written.
    expect((await limitsOf('LIM2')).CreditLimit).toBe(200_000);
  });

  it('keeps within the caps of every agent above, naming whose cap it is', async () => {
    const ag1Id = await idOf(ctx.database, 'agents', 'AG1');
    await ctx.database.db.execute(
      sql`update agents set credit_limit_cap = 150000, max_wager_cap = 20000 where id = ${ag1Id}`,
    );
    try {
      const idPlayer = await idOf(ctx.database, 'players', 'LIM2');
      for (const [body, field] of [
        [{ creditLimit: 160_000 }, 'creditLimit'],
        [{ creditLimit: 100_000, tempCredit: 60_000, tempCreditUntil: inHours(2) }, 'creditLimit'],
        [{ creditLimit: 1_000, maxWager: 25_000 }, 'maxWager'],
        [
          { creditLimit: 1_000, limits: { ...NONE, MaxBySport: { NBA: 30_000 } } },
          'limits.MaxBySport',
        ],
      ] as const) {
        const res = await setLimits(master, { idPlayer, limits: NONE, ...body });
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json()).toMatchObject({
          Code: 'over_agent_cap',
          Params: { field, agent: 'AG1' },
        });
      }
      const within = await setLimits(master, {
        idPlayer,
        creditLimit: 150_000,
        maxWager: 20_000,
        limits: NONE,
      });
      expect(within.statusCode, within.body).toBe(200);
      expect((within.json() as PlayerLimits).Caps).toEqual({
        CreditLimit: 150_000,
        MaxWager: 20_000,
      });
    } finally {
      await ctx.database.db.execute(
        sql`update agents set credit_limit_cap = null, max_wager_cap = null where id = ${ag1Id}`,
      );
    }
  });

  it('needs the right to manage players; another tree or site is not found; no session, 401', async () => {
    const idPlayer = await idOf(ctx.database, 'players', 'LIM2');
    const body = { idPlayer, creditLimit: 1_000, limits: NONE };
    const ag2 = await logIn(ctx.app, 'AG2', 'demo-agent');
    const refused = await setLimits(ag2, body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ Code: 'right_required' });
    // AG2 may read only its own tree: LIM2 is AG1's.
    const read = await call(ctx.app, api.getPlayerLimits, ag2, { body: { idPlayer } });
    expect(read.statusCode).toBe(404);
    const ag1 = await logIn(ctx.app, 'AG1', 'demo-agent');
    const [abroad] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`select id from players where site_id = 2 order by id limit 1`,
    );
    const foreign = await setLimits(ag1, { ...body, idPlayer: abroad!.id });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ Code: 'player_not_found' });
    expect((await setLimits(await anonymous(ctx.app), body)).statusCode).toBe(401);
    expect(
      (await call(ctx.app, api.getPlayerLimits, await anonymous(ctx.app), { body: { idPlayer } }))
        .statusCode,
    ).toBe(401);
  });
});

describe('the accept rule applies every limit, through the feed', () => {
  const leg = (game: string) => ({ Game: game, Market: 'moneyline', Selection: 'Home', Odds: 150 });
  interface Case {
    reason: string;
    /** The limits (and what else) set before asking; each case starts from none. */
    set?: Record<string, unknown>;
    /** Feed events sent before asking (and undone after by `undo`). */
    before?: [string, object][];
    undo?: [string, object][];
    wager: { WagerType: string; Risk: number; ToWin: number; FreePlay?: boolean; Games: string[] };
    player?: string;
  }
  const straight = (Risk: number, game = 'LG1') => ({
    WagerType: 'straight',
    Risk,
    ToWin: Risk,
    Games: [game],
  });
  const parlay = (games: string[], Risk = 1_000, ToWin = 5_000) => ({
    WagerType: 'parlay',
    Risk,
    ToWin,
    Games: games,
  });
  const CASES: Case[] = [
    {
      reason: 'player_suspended',
      before: [['player.suspended', { Player: 'LIM1' }]],
      undo: [['player.reinstated', { Player: 'LIM1' }]],
      wager: straight(100),
    },
    {
      reason: 'product_off',
      before: [['player.updated', { Player: 'LIM1', ProductsOff: ['sports'] }]],
      undo: [['player.updated', { Player: 'LIM1', ProductsOff: [] }]],
      wager: straight(100),
    },
    {
      reason: 'event_closed',
      before: [['game.final', { Game: 'LG4', HomeScore: 1, AwayScore: 0 }]],
      wager: straight(100, 'LG4'),
    },
    {
      reason: 'below_minimum',
      set: { limits: { MinByType: { straight: 500 } } },
      wager: straight(499),
    },
    {
      reason: 'over_maximum',
      set: { limits: { MaxByType: { straight: 2_000 } } },
      wager: straight(2_001),
    },
    { reason: 'over_maximum', set: { maxWager: 3_000 }, wager: straight(3_001) },
    {
      reason: 'over_sport_maximum',
      set: { limits: { MaxBySport: { NBA: 1_500 } } },
      wager: straight(1_600, 'LG2'),
    },
    {
      reason: 'over_sport_maximum',
      set: { limits: { MaxBySport: { NHL: 900 } } },
      wager: parlay(['LG1', 'LG3'], 1_000),
    },
    {
      reason: 'too_many_legs',
      set: { limits: { MaxParlayLegs: 2 } },
      wager: parlay(['LG1', 'LG2', 'LG3']),
    },
    {
      reason: 'over_payout',
      set: { limits: { MaxParlayPayout: 4_000 } },
      wager: parlay(['LG1', 'LG2'], 1_000, 4_001),
    },
    { reason: 'insufficient_credit', set: { creditLimit: 1_000 }, wager: straight(1_001 + 0) },
    { reason: 'insufficient_free_play', wager: { ...straight(100), FreePlay: true } },
    { reason: 'unknown_player', player: 'NOBODY', wager: straight(100) },
  ];

  async function limitsTo(set: Record<string, unknown> = {}) {
    const { limits, ...rest } = set as { limits?: object };
    const res = await setLimits(master, {
      idPlayer: await idOf(ctx.database, 'players', 'LIM1'),
      creditLimit: 100_000,
      limits: { ...NONE, ...limits },
      ...rest,
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  it.each(CASES.map((c, i) => [`${c.reason} #${i}`, c] as const))(
    'refuses %s, and takes it once the limit is lifted',
    async (_, c) => {
      const player = c.player ?? 'LIM1';
      await limitsTo(c.set);
      for (const [type, data] of c.before ?? []) await applied(type, data);
      const ask = { Player: player, ...c.wager };
      const check = await feed(ask, platformApi.checkWager);
      expect(check.status, check.body).toBe(200);
      expect(JSON.parse(check.body)).toMatchObject({ Accept: false, Reason: c.reason });
      const { Games, ...rest } = c.wager;
      const placed = await feed(
        event('wager.placed', {
          Wager: `W-${c.reason}-${++seq}`,
          Player: player,
          ...rest,
          Legs: Games.map(leg),
        }),
      );
      expect(placed.status, placed.body).toBe(c.reason === 'unknown_player' ? 404 : 409);
      expect(ErrorBody.parse(JSON.parse(placed.body)).Code).toBe(c.reason);

      for (const [type, data] of c.undo ?? []) await applied(type, data);
      await limitsTo();
      // Without the limit the same wager is taken, unless nothing can lift it.
      if (!['event_closed', 'insufficient_free_play', 'unknown_player'].includes(c.reason)) {
        const again = await feed(ask, platformApi.checkWager);
        expect(JSON.parse(again.body)).toMatchObject({ Accept: true, Reason: null });
      }
    },
  );

  it('counts temporary credit while it lasts', async () => {
    await limitsTo({ creditLimit: 1_000, tempCredit: 2_000, tempCreditUntil: inHours(3) });
    const [state] = await queryRows<{ balance: number; at_risk: number }>(
      ctx.database.db,
      sql`select balance::int, at_risk::int from players where login = 'LIM1'`,
    );
    const available = 1_000 + 2_000 + state!.balance - state!.at_risk;
    const ask = { Player: 'LIM1', ...straight(available) };
    expect(JSON.parse((await feed(ask, platformApi.checkWager)).body)).toMatchObject({
      Accept: true,
      Available: available,
    });
    expect(
      JSON.parse((await feed({ ...ask, Risk: available + 1 }, platformApi.checkWager)).body),
    ).toMatchObject({ Accept: false, Reason: 'insufficient_credit', Available: available });
    await limitsTo();
  });

  it('a limit lowered below an open wager refuses the next and leaves the open one as it was', async () => {
    await limitsTo();
    await applied('wager.placed', {
      Wager: 'W-open-before',
      Player: 'LIM1',
      ...placedStraight(2_500),
    });
    const [open] = await queryRows<{ risk: number; status: string }>(
      ctx.database.db,
      sql`select risk::int, status from wagers where external_id = 'W-open-before'`,
    );
    const [before] = await queryRows<{ at_risk: number }>(
      ctx.database.db,
      sql`select at_risk::int from players where login = 'LIM1'`,
    );
    await limitsTo({ limits: { MaxByType: { straight: 1_000 } } });
    const next = await feed(
      event('wager.placed', { Wager: 'W-open-after', Player: 'LIM1', ...placedStraight(2_500) }),
    );
    expect(next.status).toBe(409);
    expect(ErrorBody.parse(JSON.parse(next.body)).Code).toBe('over_maximum');
    const [still] = await queryRows<{ risk: number; status: string }>(
      ctx.database.db,
      sql`select risk::int, status from wagers where external_id = 'W-open-before'`,
    );
    expect(still).toEqual(open);
    const [after] = await queryRows<{ at_risk: number }>(
      ctx.database.db,
      sql`select at_risk::int from players where login = 'LIM1'`,
    );
    expect(after).toEqual(before);
    const violations = await countLedgerViolations(ctx.database.db);
    expect(
      Object.values(violations).every((n) => n === 0),
      JSON.stringify(violations),
    ).toBe(true);
    await limitsTo();
  });

  function placedStraight(risk: number) {
    return { WagerType: 'straight', Risk: risk, ToWin: risk, Legs: [leg('LG1')] };
  }
});
