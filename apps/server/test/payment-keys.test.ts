// One idempotency key sent for two players at once: the two postings hold different player locks, so
// only the unique index stands between them. Found by the ledger model run on PostgreSQL (a 500).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { api } from '@backline/contract';
import { queryRows } from '../src/db/query.ts';
import { call, logIn, useTestApp } from './helpers.ts';
import { idOf } from './db-helpers.ts';

const ctx = useTestApp();

async function lockWaits(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    ctx.database.db,
    sql`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`,
  );
  return row!.n;
}

async function until(condition: () => Promise<boolean>): Promise<void> {
  for (const started = Date.now(); !(await condition());) {
    if (Date.now() - started > 10_000) throw new Error('the postings never reached their locks');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('InsertPlayerPayment with one key for two players at once', () => {
  it('posts one payment and refuses the other with 409, never 500', async () => {
    const sub = await logIn(ctx.app, 'AG1SUB', 'demo-sub');
    const first = await idOf(ctx.database, 'players', 'PL1001');
    const [other] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`select p.id from players p join agents a on a.id = p.agent_id
          where a.login = 'AG1SUB' and a.site_id = 1 and p.id <> ${first} order by p.id limit 1`,
    );
    const pay = (idPlayer: number, idempotencyKey: string) =>
      call(ctx.app, api.insertPlayerPayment, sub, {
        body: { idPlayer, amount: 700, direction: 'receipt', method: 'cash', idempotencyKey },
      });
    // Today's rollup row of the first player exists, so its posting will update (and wait on) it.
    expect((await pay(first, randomUUID())).statusCode).toBe(200);
    const key = randomUUID();

    let answers;
    if (ctx.database.kind === 'postgres') {
      // Hold the first posting after it inserted the keyed row and before it commits, then send
      // the second one into the unique index behind it: the exact interleaving that broke.
      let release!: () => void;
      let locked!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const holding = new Promise<void>((resolve) => (locked = resolve));
      const holder = ctx.database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from player_daily where player_id = ${first} for update`);
        locked();
        await gate;
      });
      await holding;
      const a = pay(first, key);
      await until(async () => (await lockWaits()) >= 1);
      const b = pay(other!.id, key);
      await until(async () => (await lockWaits()) >= 2);
      release();
      await holder;
      answers = await Promise.all([a, b]);
    } else {
      // One embedded connection runs one transaction at a time; the answers must still be these.
      answers = await Promise.all([pay(first, key), pay(other!.id, key)]);
    }
    const [posted, refused] = answers;
    expect(posted!.statusCode, posted!.body).toBe(200);
    expect(refused!.statusCode, refused!.body).toBe(409);
    expect(refused!.json()).toMatchObject({
      StatusCode: 409,
      Code: 'idempotency_key_reused',
    });
    const rows = await queryRows<{ player_id: number }>(
      ctx.database.db,
      sql`select player_id from ledger where idempotency_key = ${key}`,
    );
    expect(rows).toEqual([{ player_id: first }]);
  });
});

describe('a payment key sent again', () => {
  it('replays the same payment, and refuses one that differs in method or note', async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const idPlayer = await idOf(ctx.database, 'players', 'PL1002');
    const idAgent = await idOf(ctx.database, 'agents', 'AG2');
    const idempotencyKey = randomUUID();
    const player = { idPlayer, amount: 900, direction: 'receipt', method: 'cash', note: 'Friday' };
    const agentKey = randomUUID();
    const agent = { idAgent, amount: 900, direction: 'toMaster', method: 'bank', note: 'Week 47' };
    for (const [endpoint, body, key] of [
      [api.insertPlayerPayment, player, idempotencyKey],
      [api.insertAgentPayment, agent, agentKey],
    ] as const) {
      const send = (changes: object) =>
        call(ctx.app, endpoint, master, { body: { ...body, idempotencyKey: key, ...changes } });
      const first = await send({});
      expect(first.statusCode, first.body).toBe(200);
      const again = await send({});
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toMatchObject({ Replayed: true });
      for (const changes of [{ method: 'crypto' }, { note: 'Saturday' }, { amount: 901 }]) {
        const other = await send(changes);
        expect(other.statusCode, JSON.stringify(changes)).toBe(409);
        expect(other.json()).toMatchObject({ Code: 'idempotency_key_reused' });
      }
    }
    // One posting each: the refusals wrote nothing.
    const rows = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from ledger where idempotency_key = ${idempotencyKey}`,
    );
    expect(rows).toEqual([{ n: 1 }]);
  });
});
