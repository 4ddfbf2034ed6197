// A player's page (issue 17): profile, access, free play, messages and the change history, each
// action in scope, recorded with who, when, from where, before and after, and told to the platform.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  api,
  type PlayerAccount,
  type PlayerChange,
  type PlayerHistoryResponse,
  type PlayerMessage,
  type WeeklyBalanceResponse,
} from '@backline/contract';
import { queryRows } from '../src/db/query.ts';
import { actingAs, anonymous, call, logIn, ok, useTestApp, type Caller } from './helpers.ts';
import { idOf } from './db-helpers.ts';
import { countLedgerViolations } from '../src/ledger/ledger-invariants.ts';

const ctx = useTestApp();

type Changes = { Currency: string; Rows: PlayerChange[]; TotalRows: number };
type FreePlayPosted = {
  FreePlay: { Amount: number; FreePlayBalanceAfter: number; Reason: string; IdTransaction: number };
  Replayed: boolean;
};

const account = async (caller: Caller, idPlayer: number) =>
  ok<PlayerAccount>(await call(ctx.app, api.getPlayer, caller, { body: { idPlayer } }));
const changes = async (caller: Caller, idPlayer: number) =>
  ok<Changes>(await call(ctx.app, api.getPlayerChanges, caller, { body: { idPlayer } }));

async function outbox(type: string, idPlayer: number) {
  return queryRows<{ payload: { Data: Record<string, unknown> } }>(
    ctx.database.db,
    sql`select payload from webhook_outbox where type = ${type} and player_id = ${idPlayer}
        order by seq`,
  );
}

/** The first player an agent holds directly on the main site. */
async function firstPlayerOf(agent: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    ctx.database.db,
    sql`select p.id from players p join agents a on a.id = p.agent_id
        where a.login = ${agent} and a.site_id = 1 order by p.id limit 1`,
  );
  return row!.id;
}

/** A player of another agent's tree than AG1's. */
const foreignPlayer = () => firstPlayerOf('AG2');

describe('GetPlayer', () => {
  it("heads the page with the player's profile, access and money as the row holds it", async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const idPlayer = await idOf(ctx.database, 'players', 'PL1001');
    const a = await account(master, idPlayer);
    const [row] = await queryRows<Record<string, number | string>>(
      ctx.database.db,
      sql`select balance::bigint, free_play_balance::bigint, credit_limit::bigint,
            at_risk::bigint, status from players where id = ${idPlayer}`,
    );
    expect(a).toMatchObject({
      IdPlayer: idPlayer,
      Player: 'PL1001',
      Agent: 'AG1SUB',
      Status: row!.status,
      Balance: Number(row!.balance),
      FreePlayBalance: Number(row!.free_play_balance),
      CreditLimit: Number(row!.credit_limit),
      AtRisk: Number(row!.at_risk),
      ProductsOff: [],
    });
    expect(a.Available).toBe(a.CreditLimit + a.TempCredit + a.Balance - a.AtRisk);
  });

  it('answers 401 without a session, 403 to a player, 404 outside the tree or site', async () => {
    const idPlayer = await idOf(ctx.database, 'players', 'PL1001');
    const body = { idPlayer };
    expect(
      (await call(ctx.app, api.getPlayer, await anonymous(ctx.app), { body })).statusCode,
    ).toBe(401);
    const player = await logIn(ctx.app, 'PL1001', 'demo-player');
    expect((await call(ctx.app, api.getPlayer, player, { body })).statusCode).toBe(403);
    const ag1 = await logIn(ctx.app, 'AG1', 'demo-agent');
    const outside = await call(ctx.app, api.getPlayer, ag1, {
      body: { idPlayer: await foreignPlayer() },
    });
    expect(outside.statusCode).toBe(404);
    const other = await logIn(ctx.app, 'MASTER2', 'demo-master', 2);
    expect((await call(ctx.app, api.getPlayer, other, { body })).statusCode).toBe(404);
    const bad = await call(ctx.app, api.getPlayer, ag1, { body: { idPlayer: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Params.field).toBe('idPlayer');
  });
});

describe('SetPlayerProfile and SetPlayerAccess', () => {
  it('records who, when, from where, before and after, and tells the platform', async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const idAg1 = await idOf(ctx.database, 'agents', 'AG1');
    const asAg1 = actingAs(master, idAg1);
    const idPlayer = await idOf(ctx.database, 'players', 'PL1002');
    const was = await account(master, idPlayer);

    const profile = ok<PlayerAccount>(
      await call(ctx.app, api.setPlayerProfile, asAg1, {
        body: {
          idPlayer,
          name: '  Ana Ruiz  ',
          email: 'ana@example.test',
          phone: '+34 600 000 000',
          notes: 'Pays on Tuesdays',
        },
      }),
    );
    expect(profile).toMatchObject({
      Name: 'Ana Ruiz',
      Email: 'ana@example.test',
      Phone: '+34 600 000 000',
      Notes: 'Pays on Tuesdays',
    });
    const access = ok<PlayerAccount>(
      await call(ctx.app, api.setPlayerAccess, master, {
        body: { idPlayer, status: 'suspended', productsOff: ['rbl', 'casino', 'casino'] },
      }),
    );
    expect(access).toMatchObject({ Status: 'suspended', ProductsOff: ['casino', 'rbl'] });
    // The same again changes nothing and records nothing.
    ok(
      await call(ctx.app, api.setPlayerAccess, master, {
        body: { idPlayer, status: 'suspended', productsOff: ['casino', 'rbl'] },
      }),
    );

    const history = await changes(master, idPlayer);
    expect(history.TotalRows).toBe(2);
    const [accessChange, profileChange] = history.Rows;
    expect(accessChange).toMatchObject({
      ByKind: 'agent',
      By: 'MASTER',
      ActingFor: null,
      Address: '127.0.0.1',
      Action: 'player.access',
    });
    expect(accessChange!.Fields).toEqual(
      expect.arrayContaining([
        { Field: 'Status', Kind: 'text', Before: was.Status, After: 'suspended' },
        { Field: 'ProductsOff', Kind: 'list', Before: [], After: ['casino', 'rbl'] },
      ]),
    );
    expect(profileChange).toMatchObject({
      By: 'MASTER',
      ActingFor: 'AG1',
      Action: 'player.profile',
    });
    expect(profileChange!.Fields).toContainEqual({
      Field: 'Notes',
      Kind: 'text',
      Before: '',
      After: 'Pays on Tuesdays',
    });
    expect(profileChange!.Fields).toContainEqual({
      Field: 'Name',
      Kind: 'text',
      Before: was.Name,
      After: 'Ana Ruiz',
    });

    const told = await outbox('player.access_changed', idPlayer);
    expect(told).toHaveLength(1);
    expect(told[0]!.payload.Data).toEqual({
      Before: { Status: was.Status, ProductsOff: [] },
      After: { Status: 'suspended', ProductsOff: ['casino', 'rbl'] },
      ChangedBy: 'MASTER',
    });
    expect(await outbox('player.profile_changed', idPlayer)).toHaveLength(1);

    // A suspended player is refused by the accept rule; back to active, betting opens again.
    ok(
      await call(ctx.app, api.setPlayerAccess, master, {
        body: { idPlayer, status: 'active' },
      }),
    );
    expect((await account(master, idPlayer)).Status).toBe('active');
  });

  it('records limit changes and watch marks in the same history, and tells the platform of limits', async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const idPlayer = await idOf(ctx.database, 'players', 'PL1003');
    const limits = ok<{ CreditLimit: number }>(
      await call(ctx.app, api.getPlayerLimits, master, { body: { idPlayer } }),
    );
    ok(
      await call(ctx.app, api.setPlayerLimits, master, {
        body: {
          idPlayer,
          creditLimit: limits.CreditLimit + 10_000,
          limits: { MaxByType: { straight: 50_000 }, MaxParlayLegs: 6 },
        },
      }),
    );
    ok(await call(ctx.app, api.setPlayerWatched, master, { body: { idPlayer, watched: true } }));
    const [watched, limited] = (await changes(master, idPlayer)).Rows;
    expect(watched).toMatchObject({
      Action: 'player.watched',
      Fields: [{ Field: 'Watched', Kind: 'flag', Before: false, After: true }],
    });
    expect(limited!.Action).toBe('player.limits');
    expect(limited!.Fields).toEqual(
      expect.arrayContaining([
        {
          Field: 'CreditLimit',
          Kind: 'money',
          Before: limits.CreditLimit,
          After: limits.CreditLimit + 10_000,
        },
        { Field: 'Limits.MaxByType.straight', Kind: 'money', Before: null, After: 50_000 },
        { Field: 'Limits.MaxParlayLegs', Kind: 'count', Before: null, After: 6 },
      ]),
    );
    const told = await outbox('player.limits_changed', idPlayer);
    expect(told).toHaveLength(1);
    expect(told[0]!.payload.Data).toMatchObject({
      After: { CreditLimit: limits.CreditLimit + 10_000 },
      ChangedBy: 'MASTER',
    });
  });

  it('refuses bad input naming the field, and changes nothing', async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const idPlayer = await idOf(ctx.database, 'players', 'PL1004');
    const before = await account(master, idPlayer);
    const cases: [typeof api.setPlayerProfile | typeof api.setPlayerAccess, object, string][] = [
      [api.setPlayerProfile, { idPlayer, name: '   ' }, 'name'],
      [api.setPlayerProfile, { idPlayer, name: 'A', email: 'not-mail' }, 'email'],
      [api.setPlayerProfile, { idPlayer, name: 'A', notes: 'x'.repeat(2001) }, 'notes'],
      [api.setPlayerAccess, { idPlayer, status: 'banned' }, 'status'],
      [api.setPlayerAccess, { idPlayer, status: 'active', productsOff: ['poker'] }, 'productsOff'],
    ];
    for (const [endpoint, body, field] of cases) {
      const res = await call(ctx.app, endpoint, master, { body });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().Params.field, res.body).toContain(field);
    }
    expect(await account(master, idPlayer)).toEqual(before);
    expect((await changes(master, idPlayer)).TotalRows).toBe(0);
  });

  it('answers 401, 403 without the right, 404 outside the tree', async () => {
    const idPlayer = await idOf(ctx.database, 'players', 'PL1001');
    const body = { idPlayer, status: 'suspended' };
    const anon = await anonymous(ctx.app);
    expect((await call(ctx.app, api.setPlayerAccess, anon, { body })).statusCode).toBe(401);
    // AG3 views and takes payments; managing players was not given to it.
    const ag3 = await logIn(ctx.app, 'AG3', 'demo-agent');
    const refused = await call(ctx.app, api.setPlayerAccess, ag3, {
      body: { ...body, idPlayer: await firstPlayerOf('AG3') },
    });
    expect(refused.statusCode, refused.body).toBe(403);
    const ag1 = await logIn(ctx.app, 'AG1', 'demo-agent');
    const outside = await call(ctx.app, api.setPlayerProfile, ag1, {
      body: { idPlayer: await foreignPlayer(), name: 'Taken' },
    });
    expect(outside.statusCode).toBe(404);
  });
});

describe('InsertPlayerFreePlay', () => {
  it('grants and removes free play through the ledger, never more than held, once per key', async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const idPlayer = await idOf(ctx.database, 'players', 'PL1005');
    const held = (await account(master, idPlayer)).FreePlayBalance;
    const week = async () =>
      ok<WeeklyBalanceResponse>(
        await call(ctx.app, api.weeklyBalance, master, { body: { period: 2, search: 'PL1005' } }),
      ).Rows.find((r) => r.Player === 'PL1005')!;
    const weekBefore = await week();
    const grant = {
      idPlayer,
      amount: 5_000,
      direction: 'grant',
      reason: 'Welcome back',
      idempotencyKey: randomUUID(),
    };
    const [a, b] = await Promise.all([
      call(ctx.app, api.insertPlayerFreePlay, master, { body: grant }),
      call(ctx.app, api.insertPlayerFreePlay, master, { body: grant }),
    ]);
    const first = ok<FreePlayPosted>(a);
    const second = ok<FreePlayPosted>(b);
    expect([first.Replayed, second.Replayed].sort()).toEqual([false, true]);
    expect(first.FreePlay).toMatchObject({
      Amount: 5_000,
      Reason: 'Welcome back',
      FreePlayBalanceAfter: held + 5_000,
    });
    const removed = ok<FreePlayPosted>(
      await call(ctx.app, api.insertPlayerFreePlay, master, {
        body: { ...grant, amount: 1_000, direction: 'remove', idempotencyKey: randomUUID() },
      }),
    );
    expect(removed.FreePlay.FreePlayBalanceAfter).toBe(held + 4_000);
    const tooMuch = await call(ctx.app, api.insertPlayerFreePlay, master, {
      body: { ...grant, amount: held + 4_001, direction: 'remove', idempotencyKey: randomUUID() },
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toMatchObject({
      Code: 'free_play_removal_short',
      Params: { player: 'PL1005', cap: held + 4_000 },
    });
    const reused = await call(ctx.app, api.insertPlayerFreePlay, master, {
      body: { ...grant, amount: 5_001 },
    });
    expect(reused.statusCode).toBe(409);

    const a2 = await account(master, idPlayer);
    expect(a2.FreePlayBalance).toBe(held + 4_000);
    // Free play is no real money: the balance and the week's real figures do not move.
    const weekAfter = await week();
    expect(weekAfter.Ending).toBe(weekBefore.Ending);
    const history = ok<PlayerHistoryResponse>(
      await call(ctx.app, api.getPlayerHistoryReport, master, {
        body: { idPlayer, period: 0, transactionType: 4 },
      }),
    );
    expect(history.Rows.slice(-2)).toMatchObject([
      { Type: 4, Amount: 5_000, DescriptionCode: 'free_play_grant', CreatedBy: 'MASTER' },
      { Type: 4, Amount: -1_000, Description: 'Free play removed: Welcome back' },
    ]);
    expect(await outbox('free_play.entered', idPlayer)).toHaveLength(2);
    const violations = await countLedgerViolations(ctx.database.db);
    expect(
      Object.values(violations).every((n) => n === 0),
      JSON.stringify(violations),
    ).toBe(true);
  });

  it('answers 400 naming the field, 401, 403 without the right, 404 outside the tree', async () => {
    const idPlayer = await idOf(ctx.database, 'players', 'PL1001');
    const body = {
      idPlayer,
      amount: 100,
      direction: 'grant',
      reason: 'Promo',
      idempotencyKey: randomUUID(),
    };
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    for (const [bad, field] of [
      [{ ...body, direction: 'give' }, 'direction'],
      [{ ...body, amount: 0 }, 'amount'],
      [{ ...body, reason: ' ' }, 'reason'],
    ] as const) {
      const res = await call(ctx.app, api.insertPlayerFreePlay, master, { body: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().Params.field).toBe(field);
    }
    const anon = await anonymous(ctx.app);
    expect((await call(ctx.app, api.insertPlayerFreePlay, anon, { body })).statusCode).toBe(401);
    const sub = await logIn(ctx.app, 'AG1SUB', 'demo-sub');
    expect((await call(ctx.app, api.insertPlayerFreePlay, sub, { body })).statusCode).toBe(403);
    const ag1 = await logIn(ctx.app, 'AG1', 'demo-agent');
    const outside = await call(ctx.app, api.insertPlayerFreePlay, ag1, {
      body: { ...body, idPlayer: await foreignPlayer() },
    });
    expect(outside.statusCode).toBe(404);
  });
});

describe('SendPlayerMessage and GetPlayerMessages', () => {
  it('sends once per key, lists newest first, and hands each to the platform', async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const idPlayer = await idOf(ctx.database, 'players', 'PL1006');
    const send = (body: string, idempotencyKey = randomUUID()) =>
      call(ctx.app, api.sendPlayerMessage, master, { body: { idPlayer, body, idempotencyKey } });
    const key = randomUUID();
    const [a, b] = await Promise.all([send('Lines are up', key), send('Lines are up', key)]);
    const first = ok<{ Message: PlayerMessage; Replayed: boolean }>(a);
    const second = ok<{ Message: PlayerMessage; Replayed: boolean }>(b);
    expect(second.Message).toEqual(first.Message);
    expect([first.Replayed, second.Replayed].sort()).toEqual([false, true]);
    expect(first.Message).toMatchObject({ Body: 'Lines are up', SentBy: 'MASTER' });
    ok(await send('Settle by Tuesday, please'));
    const other = await send('Another text', key);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ Code: 'message_key_reused' });

    const list = ok<{ Rows: PlayerMessage[]; TotalRows: number }>(
      await call(ctx.app, api.getPlayerMessages, master, { body: { idPlayer } }),
    );
    expect(list.TotalRows).toBe(2);
    expect(list.Rows.map((m) => m.Body)).toEqual(['Settle by Tuesday, please', 'Lines are up']);
    const told = await outbox('player.message', idPlayer);
    expect(told.map((r) => r.payload.Data)).toEqual([
      { Body: 'Lines are up', SentBy: 'MASTER' },
      { Body: 'Settle by Tuesday, please', SentBy: 'MASTER' },
    ]);
  });

  it('answers 400, 401, 403 without the right, 404 outside the tree', async () => {
    const idPlayer = await idOf(ctx.database, 'players', 'PL1001');
    const body = { idPlayer, body: 'Hello', idempotencyKey: randomUUID() };
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const empty = await call(ctx.app, api.sendPlayerMessage, master, {
      body: { ...body, body: '  ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().Params.field).toBe('body');
    const anon = await anonymous(ctx.app);
    expect((await call(ctx.app, api.sendPlayerMessage, anon, { body })).statusCode).toBe(401);
    const sub = await logIn(ctx.app, 'AG1SUB', 'demo-sub');
    expect((await call(ctx.app, api.sendPlayerMessage, sub, { body })).statusCode).toBe(403);
    const ag1 = await logIn(ctx.app, 'AG1', 'demo-agent');
    const outside = await call(ctx.app, api.getPlayerMessages, ag1, {
      body: { idPlayer: await foreignPlayer() },
    });
    expect(outside.statusCode).toBe(404);
  });
});
