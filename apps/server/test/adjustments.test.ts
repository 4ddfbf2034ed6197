// Issue 14 item 2: an agent enters an adjustment (type 3) with a reason, as payments are entered:
// in scope, once per idempotency key, told to the platform in the same transaction, and seen at once
// in the weekly balance, the player's history (in either language) and the standing.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  api,
  type PlayerAdjustmentRow,
  type PlayerHistoryResponse,
  type PlayerStandingResponse,
  type WeeklyBalanceResponse,
} from '@backline/contract';
import { queryRows } from '../src/db/query.ts';
import { anonymous, call, logIn, ok, useTestApp, type Caller } from './helpers.ts';
import { idOf } from './db-helpers.ts';

const ctx = useTestApp();

type Posted = { Adjustment: PlayerAdjustmentRow; Replayed: boolean };

const adjust = (caller: Caller, body: Record<string, unknown>) =>
  call(ctx.app, api.insertPlayerAdjustment, caller, { body });

async function balanceOf(idPlayer: number): Promise<number> {
  const [row] = await queryRows<{ balance: number }>(
    ctx.database.db,
    sql`select balance from players where id = ${idPlayer}`,
  );
  return Number(row!.balance);
}

async function count(what: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ n: number }>(ctx.database.db, what);
  return row!.n;
}

async function weekRow(caller: Caller, login: string) {
  const week = ok<WeeklyBalanceResponse>(
    await call(ctx.app, api.weeklyBalance, caller, { body: { period: 2, search: login } }),
  );
  return week.Rows.find((r) => r.Player === login)!;
}

describe('InsertPlayerAdjustment', () => {
  it('posts a credit and a debit with their reasons, seen in the weekly balance, history and standing', async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const idPlayer = await idOf(ctx.database, 'players', 'PL1001');
    const before = await balanceOf(idPlayer);
    const weekBefore = await weekRow(master, 'PL1001');

    const credit = ok<Posted>(
      await adjust(master, {
        idPlayer,
        amount: 123_450,
        direction: 'credit',
        reason: '  Void of a double-posted casino session  ',
        idempotencyKey: randomUUID(),
      }),
    );
    expect(credit.Replayed).toBe(false);
    expect(credit.Adjustment).toMatchObject({
      Player: 'PL1001',
      IdPlayer: idPlayer,
      Agent: 'AG1SUB',
      Currency: 'USD',
      Amount: 123_450,
      Reason: 'Void of a double-posted casino session',
      EnteredBy: 'MASTER',
      BalanceAfter: before + 123_450,
      Date: '2026-11-18',
    });
    const debit = ok<Posted>(
      await adjust(master, {
        idPlayer,
        amount: 450,
        direction: 'debit',
        reason: 'Fee',
        idempotencyKey: randomUUID(),
      }),
    );
    expect(debit.Adjustment.Amount).toBe(-450);
    expect(debit.Adjustment.BalanceAfter).toBe(before + 123_000);
    expect(await balanceOf(idPlayer)).toBe(before + 123_000);

    // Weekly balance: Adjustments and Ending move by the net, the carry and the week do not.
    const weekAfter = await weekRow(master, 'PL1001');
    expect(weekAfter.Adjustments - weekBefore.Adjustments).toBe(123_000);
    expect(weekAfter.Ending - weekBefore.Ending).toBe(123_000);
    expect(weekAfter.Carry).toBe(weekBefore.Carry);
    expect(weekAfter.WeekTotal).toBe(weekBefore.WeekTotal);
    expect(weekAfter.Ending).toBe(
      weekAfter.Carry + weekAfter.WeekTotal + weekAfter.Payments + weekAfter.Adjustments,
    );

    // Player history: the line's code and reason, worded in English beside them.
    const history = ok<PlayerHistoryResponse>(
      await call(ctx.app, api.getPlayerHistoryReport, master, {
        body: { idPlayer, period: 0, transactionType: 3 },
      }),
    );
    expect(history.Rows.slice(-2)).toMatchObject([
      {
        IdTransaction: credit.Adjustment.IdTransaction,
        Type: 3,
        Amount: 123_450,
        DescriptionCode: 'adjustment',
        DescriptionParams: { reason: 'Void of a double-posted casino session' },
        Description: 'Adjustment: Void of a double-posted casino session',
        CreatedBy: 'MASTER',
      },
      { Amount: -450, Description: 'Adjustment: Fee', BalanceAfter: before + 123_000 },
    ]);
    // ...and in Spanish, as an export in that language words it.
    const es = await call(ctx.app, api.exportReport, master, {
      body: {
        report: 'playerHistory',
        filters: { idPlayer, period: 0, transactionType: 3 },
        format: 'csv',
        language: 'es',
      },
    });
    expect(es.statusCode, es.body.slice(0, 300)).toBe(200);
    const text = es.rawPayload.toString('utf8');
    expect(text).toContain('Ajuste: Void of a double-posted casino session');
    expect(text).toContain('Ajuste: Fee');
    expect(text).not.toContain('Adjustment:');

    // Standing: the balance now, and what is available moves with it.
    const standing = ok<PlayerStandingResponse>(
      await call(ctx.app, api.playerStanding, master, { body: { search: 'PL1001' } }),
    );
    const row = standing.Rows.find((r) => r.Player === 'PL1001')!;
    expect(row.Balance).toBe(before + 123_000);
    expect(row.Available).toBe(row.CreditLimit + row.Balance - row.AtRisk);
  });

  it('tells the platform through the outbox, once, in the same transaction', async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const idPlayer = await idOf(ctx.database, 'players', 'PL1001');
    const body = {
      idPlayer,
      amount: 2_500,
      direction: 'debit',
      reason: 'Chargeback',
      idempotencyKey: randomUUID(),
    };
    const first = ok<Posted>(await adjust(master, body));
    ok<Posted>(await adjust(master, body));
    const rows = await queryRows<{ type: string; player_id: number; payload: { Data: object } }>(
      ctx.database.db,
      sql`select type, player_id, payload from webhook_outbox
          where type = 'adjustment.entered' and payload->'Data'->>'IdTransaction' = ${String(first.Adjustment.IdTransaction)}`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.player_id).toBe(idPlayer);
    expect(rows[0]!.payload.Data).toEqual({
      IdTransaction: first.Adjustment.IdTransaction,
      Amount: -2_500,
      Direction: 'debit',
      Reason: 'Chargeback',
      BalanceAfter: first.Adjustment.BalanceAfter,
      EnteredBy: 'MASTER',
    });
  });

  it('posts once per idempotency key, and refuses the key with another body (409)', async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const idPlayer = await idOf(ctx.database, 'players', 'PL1001');
    const other = await idOf(ctx.database, 'players', 'PL1002');
    const before = await balanceOf(idPlayer);
    const body = {
      idPlayer,
      amount: 777,
      direction: 'credit',
      reason: 'Goodwill',
      idempotencyKey: randomUUID(),
    };
    const [a, b] = await Promise.all([adjust(master, body), adjust(master, body)]);
    const first = ok<Posted>(a);
    const second = ok<Posted>(b);
    expect(second.Adjustment).toEqual(first.Adjustment);
    expect([first.Replayed, second.Replayed].sort()).toEqual([false, true]);
    expect(
      await count(
        sql`select count(*)::int as n from ledger where idempotency_key = ${body.idempotencyKey}`,
      ),
    ).toBe(1);
    expect(await balanceOf(idPlayer)).toBe(before + 777);

    for (const changed of [
      { amount: 778 },
      { direction: 'debit' },
      { reason: 'Goodwill, again' },
      { idPlayer: other },
    ]) {
      const res = await adjust(master, { ...body, ...changed });
      expect(res.statusCode, JSON.stringify(changed)).toBe(409);
      expect(res.json()).toMatchObject({ Code: 'adjustment_key_reused' });
    }
    // One key, one entry: a payment's key is not an adjustment's, nor the other way round.
    const paymentKey = randomUUID();
    ok(
      await call(ctx.app, api.insertPlayerPayment, master, {
        body: {
          idPlayer,
          amount: 100,
          direction: 'receipt',
          method: 'cash',
          idempotencyKey: paymentKey,
        },
      }),
    );
    const asAdjustment = await adjust(master, { ...body, idempotencyKey: paymentKey });
    expect(asAdjustment.statusCode).toBe(409);
    const asPayment = await call(ctx.app, api.insertPlayerPayment, master, {
      body: {
        idPlayer,
        amount: 777,
        direction: 'receipt',
        method: 'cash',
        idempotencyKey: body.idempotencyKey,
      },
    });
    expect(asPayment.statusCode, asPayment.body).toBe(409);
    expect(asPayment.json()).toMatchObject({ Code: 'idempotency_key_reused' });
    expect(await balanceOf(idPlayer)).toBe(before + 777 + 100);
  });

  it('refuses bad input with 400 naming the field, and stores nothing', async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const idPlayer = await idOf(ctx.database, 'players', 'PL1001');
    const ledgerRows = () => count(sql`select count(*)::int as n from ledger`);
    const before = await ledgerRows();
    const base = {
      idPlayer,
      amount: 1_000,
      direction: 'credit',
      reason: 'Correction',
      idempotencyKey: randomUUID(),
    };
    const { reason: _omitted, ...noReason } = base;
    const cases: [Record<string, unknown>, string][] = [
      [noReason, 'reason'],
      [{ ...base, reason: '   ' }, 'reason'],
      [{ ...base, reason: 'x'.repeat(501) }, 'reason'],
      [{ ...base, amount: 0 }, 'amount'],
      [{ ...base, amount: -500 }, 'amount'],
      [{ ...base, amount: 10.5 }, 'amount'],
      [{ ...base, amount: '1000' }, 'amount'],
      [{ ...base, direction: 'up' }, 'direction'],
      [{ ...base, idPlayer: true }, 'idPlayer'],
      [{ ...base, idempotencyKey: 'again' }, 'idempotencyKey'],
    ];
    for (const [body, field] of cases) {
      const res = await adjust(master, body);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(res.json().Params.field, res.body).toContain(field);
    }
    expect(await ledgerRows()).toBe(before);
  });

  it('answers 401 without a session, 403 without the right or to a player, and 404 outside the tree', async () => {
    const idPlayer = await idOf(ctx.database, 'players', 'PL1001');
    const body = () => ({
      idPlayer,
      amount: 1_000,
      direction: 'credit',
      reason: 'Not allowed',
      idempotencyKey: randomUUID(),
    });
    const before = await balanceOf(idPlayer);

    expect((await adjust(await anonymous(ctx.app), body())).statusCode).toBe(401);
    // AG1SUB manages payments but was not given adjustments.
    const sub = await logIn(ctx.app, 'AG1SUB', 'demo-sub');
    const rights = ok<{ Rights: string[] }>(await call(ctx.app, api.agentLogin, sub)).Rights;
    expect(rights).toContain('managePayments');
    expect(rights).not.toContain('enterAdjustments');
    const refused = await adjust(sub, body());
    expect(refused.statusCode, refused.body).toBe(403);
    const player = await logIn(ctx.app, 'PL1001', 'demo-player');
    expect((await adjust(player, body())).statusCode).toBe(403);

    // Another agent's player, and another site's, are answered as missing players.
    const ag1 = await logIn(ctx.app, 'AG1', 'demo-agent');
    const [foreign] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`select p.id from players p join agents a on a.id = p.agent_id
          where a.login = 'AG2' and a.site_id = 1 order by p.id limit 1`,
    );
    const outside = await adjust(ag1, { ...body(), idPlayer: foreign!.id });
    expect(outside.statusCode, outside.body).toBe(404);
    expect(outside.json()).toMatchObject({ Code: 'player_not_found' });
    ok(await adjust(ag1, body()));
    const master2 = await logIn(ctx.app, 'MASTER2', 'demo-master', 2);
    expect((await adjust(master2, body())).statusCode).toBe(404);
    expect(await balanceOf(idPlayer)).toBe(before + 1_000);
  });
});
