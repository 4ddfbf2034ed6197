// Issue 15 item 7: agent actions go back to the platform as signed webhooks, from an outbox written
// in the action's transaction, delivered by the queue with retries and backoff, in order per player.
// The receiver is down for a while ("30 s" in the issue; here the backoff is 1 s, so a few seconds
// of downtime give the same retries) and then gets every delivery exactly once.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { api, type WebhookDeliveryRow } from '@backline/contract';
import { queryRows } from '../src/db/query.ts';
import { createLedgerService } from '../src/ledger/ledger-service.ts';
import { createWebhooks } from '../src/webhooks/webhooks.ts';
import {
  actingAs,
  anonymous,
  call,
  logIn,
  ok,
  testClock,
  useTestApp,
  type Caller,
} from './helpers.ts';
import { idOf } from './db-helpers.ts';
import { startReceiver, type Receiver } from './webhook-receiver.ts';

const ctx = useTestApp({
  WEBHOOKS: 'on',
  WEBHOOK_RETRY_DELAY_SECONDS: '1',
  WEBHOOK_RETRY_DELAY_MAX_SECONDS: '1',
  WEBHOOK_POLL_SECONDS: '0.5',
  WEBHOOK_TIMEOUT_MS: '2000',
});

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver(testClock);
});
afterAll(() => receiver.close());

async function deliveries(master: Caller, status?: string): Promise<WebhookDeliveryRow[]> {
  const res = await call(ctx.app, api.getWebhookDeliveries, master, {
    query: { pageSize: 200, ...(status ? { status } : {}) },
  });
  return ok<{ Rows: WebhookDeliveryRow[] }>(res).Rows;
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 20_000) {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function endpointRows(siteId: number) {
  return queryRows<{ secret: string; previous_secret: string | null }>(
    ctx.database.db,
    sql`select secret, previous_secret from webhook_endpoints where site_id = ${siteId}`,
  );
}

async function playersOf(agent: string, count: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    ctx.database.db,
    sql`select p.id from players p join agents a on a.id = p.agent_id
        where a.login = ${agent} and p.active order by p.id limit ${count}`,
  );
  return rows.map((r) => r.id);
}

const pay = (master: Caller, idPlayer: number, amount: number) =>
  call(ctx.app, api.insertPlayerPayment, master, {
    body: {
      idPlayer,
      amount,
      direction: 'receipt',
      method: 'cash',
      note: `webhook ${amount}`,
      idempotencyKey: randomUUID(),
    },
  });

describe('webhooks back to the platform', () => {
  it('delivers every agent action once, signed, in order per player, retrying while the receiver is down', async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const set = ok<{ Url: string; Secret: string }>(
      await call(ctx.app, api.setWebhookEndpoint, master, { body: { Url: receiver.url } }),
    );
    expect(set.Secret).toMatch(/^whsec_/);
    receiver.secrets.push(set.Secret);
    // Stored sealed, never as shown (decision 018); the deliveries below are signed with it opened.
    const [stored] = await endpointRows(1);
    expect(stored!.secret).toMatch(/^v1\./);
    expect(stored!.secret).not.toContain(set.Secret.slice(6));

    const [a, b] = await playersOf('AG1SUB', 2);
    const [open] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`select id from wagers where player_id = ${a!} and status = 'open' order by id limit 1`,
    );
    await receiver.down();
    // Player a: payment, void, payment; player b: payment, password set by its agent.
    ok(await pay(master, a!, 101));
    ok(
      await call(ctx.app, api.wagerDelete, master, {
        body: { idWager: open!.id, reason: 'Entered twice' },
      }),
    );
    ok(await pay(master, a!, 102));
    ok(await pay(master, b!, 201));
    ok(
      await call(ctx.app, api.changeAgentsPassword, master, {
        body: { IdPlayer: b!, NewPassword: 'a brand new pass phrase 15' },
      }),
    );
    const expected = {
      [a!]: ['payment.entered', 'wager.deleted', 'payment.entered'],
      [b!]: ['payment.entered', 'password.changed'],
    };

    // While it is down, each player's first delivery fails and is retried; the rest wait behind it.
    await until('two failed attempts of a first delivery', async () => {
      const rows = await deliveries(master);
      return rows.some((r) => r.Attempts >= 2) ? true : undefined;
    });
    const waiting = await deliveries(master, 'pending');
    expect(waiting).toHaveLength(5);
    const tried = waiting.filter((r) => r.Attempts > 0);
    expect(new Set(tried.map((r) => r.IdPlayer))).toEqual(new Set([a, b]));
    expect(tried).toHaveLength(2);
    for (const r of tried) {
      expect(r.LastError).toMatch(/^not reached: /);
      expect(r.LastStatusCode).toBeNull();
    }
    expect(receiver.received).toHaveLength(0);

    await receiver.up();
    const done = await until('every delivery', async () => {
      const rows = await deliveries(master);
      return rows.filter((r) => r.Status === 'delivered').length === 5 ? rows : undefined;
    });

    // Exactly once by id, every signature good, and each player's in the order of its actions.
    const ids = receiver.received.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids)).toEqual(new Set(done.map((r) => r.IdDelivery)));
    expect(receiver.received.every((r) => r.signature === 'ok')).toBe(true);
    for (const [player, types] of Object.entries(expected)) {
      const got = receiver.received.filter((r) => r.body.IdPlayer === Number(player));
      expect(got.map((r) => r.body.Type)).toEqual(types);
      expect(got.map((r) => r.id)).toEqual(got.map((r) => r.body.Id));
    }
    const voided = receiver.received.find((r) => r.body.Type === 'wager.deleted')!;
    expect(voided.body.Data).toMatchObject({ IdWager: open!.id, Reason: 'Entered twice' });
    expect(JSON.stringify(receiver.received)).not.toContain('a brand new pass phrase');

    // The log shows the retries: failed attempts (no answer), then the 200.
    for (const r of done.filter((d) => d.Attempts > 1)) {
      expect(r.History[0]).toMatchObject({ StatusCode: 200, Error: null });
      expect(r.History.slice(1).every((h) => h.StatusCode === null && h.Error)).toBe(true);
      expect(r.DeliveredAt).not.toBeNull();
      expect(r.NextAttemptAt).toBeNull();
    }
  });

  it('re-sends a delivery with the same id, and signs with both secrets while a rotation overlaps', async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const rotated = ok<{ Secret: string; PreviousSecretUntil: string | null }>(
      await call(ctx.app, api.rotateWebhookSecret, master, { body: { OverlapHours: 24 } }),
    );
    expect(rotated.PreviousSecretUntil).not.toBeNull();
    const [stored] = await endpointRows(1);
    expect(stored!.secret).toMatch(/^v1\./);
    expect(stored!.previous_secret).toMatch(/^v1\./);
    expect(stored!.secret).not.toContain(rotated.Secret.slice(6));
    const [first] = await deliveries(master, 'delivered');
    const before = receiver.received.length;
    const again = ok<WebhookDeliveryRow>(
      await call(ctx.app, api.resendWebhookDelivery, master, {
        body: { IdDelivery: first!.IdDelivery },
      }),
    );
    expect(again.Status).toBe('pending');
    await until('the re-send', async () => (receiver.received.length > before ? true : undefined));
    const resent = receiver.received.at(-1)!;
    expect(resent.id).toBe(first!.IdDelivery);
    // Signed by the old secret (which the receiver holds) and by the new one beside it.
    expect(resent.signature).toBe('ok');
    receiver.secrets.splice(0, receiver.secrets.length, rotated.Secret);
    const [row] = await deliveries(master, 'pending');
    expect(row).toBeUndefined();
  });

  it('writes no outbox row and queues no job when the action rolls back', async () => {
    const extra = createWebhooks({
      database: ctx.database,
      settings: ctx.config.webhooks,
      now: testClock,
      log: ctx.app.log,
      secretKey: ctx.config.platformSecretKey,
    });
    await extra.start();
    try {
      const ledger = createLedgerService({ db: ctx.database.db, now: testClock });
      const [player] = await playersOf('AG2', 1);
      let written = '';
      /** A payment that records its outbox row, then fails if `fail` says so. */
      const pay = (fail: boolean) =>
        ledger.postPayment({
          siteId: 1,
          playerId: player!,
          amount: 500,
          method: 'cash',
          createdBy: 'MASTER',
          inTransaction: async (tx, o) => {
            written = await extra.outbox.record(tx, {
              siteId: 1,
              type: 'payment.entered',
              playerId: player!,
              at: o.entry.createdAt,
              data: { IdPayment: o.entry.id },
            });
            if (fail) throw new Error('the action fails after its outbox row');
          },
        });
      await expect(pay(true)).rejects.toThrow('after its outbox row');
      expect(written).not.toBe('');
      const count = async (id: string) =>
        queryRows<{ rows: number; jobs: number }>(
          ctx.database.db,
          sql`select (select count(*)::int from webhook_outbox where id = ${id}) as rows,
                     (select count(*)::int from pgboss.job where data->>'outboxId' = ${id}) as jobs`,
        );
      expect(await count(written)).toEqual([{ rows: 0, jobs: 0 }]);

      const posted = await pay(false);
      expect(posted.replayed).toBe(false);
      expect(await count(written)).toEqual([{ rows: 1, jobs: 1 }]);
    } finally {
      await extra.stop();
    }
  });
});

describe('webhook management calls', () => {
  it('answers 401 without a session and 403 to anyone but the site\u2019s master', async () => {
    const anon = await anonymous(ctx.app);
    expect((await call(ctx.app, api.getWebhookEndpoint, anon)).statusCode).toBe(401);
    const ag1 = await logIn(ctx.app, 'AG1', 'demo-agent');
    const refused = await call(ctx.app, api.setWebhookEndpoint, ag1, {
      body: { Url: 'https://platform.example.test/hook' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ Code: 'webhook_master_only' });
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const asAg1 = actingAs(master, await idOf(ctx.database, 'agents', 'AG1'));
    expect((await call(ctx.app, api.getWebhookDeliveries, asAg1)).statusCode).toBe(403);
    const player = await logIn(ctx.app, 'PL1001', 'demo-player');
    expect((await call(ctx.app, api.rotateWebhookSecret, player, { body: {} })).statusCode).toBe(
      403,
    );
  });

  it('refuses bad input by field', async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    for (const Url of ['ftp://platform.example.test/x', 'not an address', 'https://u:p@x.test/']) {
      const res = await call(ctx.app, api.setWebhookEndpoint, master, { body: { Url } });
      expect(res.statusCode, Url).toBe(400);
      expect(res.json().Params).toMatchObject({ field: 'Url' });
    }
    const resend = await call(ctx.app, api.resendWebhookDelivery, master, {
      body: { IdDelivery: 'nope' },
    });
    expect(resend.statusCode).toBe(400);
    const overlap = await call(ctx.app, api.rotateWebhookSecret, master, {
      body: { OverlapHours: -1 },
    });
    expect(overlap.statusCode).toBe(400);
  });

  it('keeps each site to its own endpoint and deliveries', async () => {
    const master2 = await logIn(ctx.app, 'MASTER2', 'demo-master', 2);
    const endpoint = ok<{ Url: string | null }>(
      await call(ctx.app, api.getWebhookEndpoint, master2),
    );
    expect(endpoint.Url).toBeNull();
    expect(await deliveries(master2)).toEqual([]);
    const rotate = await call(ctx.app, api.rotateWebhookSecret, master2, { body: {} });
    expect(rotate.statusCode).toBe(409);
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const [ours] = await deliveries(master);
    const foreign = await call(ctx.app, api.resendWebhookDelivery, master2, {
      body: { IdDelivery: ours!.IdDelivery },
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ Code: 'webhook_delivery_not_found' });
    const again = ok<{ Url: string; Secret: string | null }>(
      await call(ctx.app, api.setWebhookEndpoint, master, {
        body: { Url: `${receiver.url}?v=2` },
      }),
    );
    expect(again.Secret).toBeNull();
    expect(again.Url).toBe(`${receiver.url}?v=2`);
  });
});

describe('signing secrets stored before they were sealed', () => {
  it('are sealed when the server starts, and deliveries are still signed with them', async () => {
    // An endpoint as migration 0020's code wrote it: the secrets in the clear.
    const plain = 'whsec_written-in-the-clear-before-sealing-0001';
    const previous = 'whsec_written-in-the-clear-before-sealing-0000';
    await ctx.database.db.execute(
      sql`insert into webhook_endpoints (site_id, url, secret_id, secret, previous_secret,
            previous_secret_until, created_at, updated_at, secret_rotated_at)
          values (2, ${receiver.url}, 'whk_000000000002', ${plain}, ${previous},
            ${new Date(testClock().getTime() + 3_600_000).toISOString()}::timestamptz, now(), now(), now())`,
    );
    const started = createWebhooks({
      database: ctx.database,
      settings: ctx.config.webhooks,
      now: testClock,
      log: ctx.app.log,
      secretKey: ctx.config.platformSecretKey,
    });
    await started.start();
    await started.stop();
    const [stored] = await endpointRows(2);
    expect(stored!.secret).toMatch(/^v1\./);
    expect(stored!.previous_secret).toMatch(/^v1\./);
    expect(`${stored!.secret} ${stored!.previous_secret}`).not.toContain('written-in-the-clear');

    // The master still sees the same secret's last characters, and a delivery is signed with it.
    const master2 = await logIn(ctx.app, 'MASTER2', 'demo-master', 2);
    const endpoint = ok<{ SecretHint: string | null }>(
      await call(ctx.app, api.getWebhookEndpoint, master2),
    );
    expect(endpoint.SecretHint).toBe(plain.slice(-4));
    receiver.secrets.splice(0, receiver.secrets.length, plain);
    const before = receiver.received.length;
    const [player] = await playersOf('ESAG1', 1);
    ok(await pay(master2, player!, 301));
    await until('the site 2 delivery', async () =>
      receiver.received.length > before ? true : undefined,
    );
    const got = receiver.received.at(-1)!;
    expect(got.body.IdPlayer).toBe(player);
    expect(got.signature).toBe('ok');
    // Signed by the previous secret too while it overlaps.
    receiver.secrets.splice(0, receiver.secrets.length, previous);
    ok(await pay(master2, player!, 302));
    await until('the second site 2 delivery', async () =>
      receiver.received.length > before + 1 ? true : undefined,
    );
    expect(receiver.received.at(-1)!.signature).toBe('ok');
  });
});
