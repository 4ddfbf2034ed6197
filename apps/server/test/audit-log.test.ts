// The audit log (issue 20 item 1): who reads which rows (a master its whole site, an agent its
// subtree, never another site's), the rows a payment, an adjustment, a key rotation and acting for
// a sub-agent write, where they came from, and the hash chain that names the first row tampered
// with (edited, removed, moved, or the head left behind), done straight in SQL.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, platformApi, type AuditLogResponse, type AuditLogRow } from '@backline/contract';
import { queryRows, type Executor } from '../src/db/query.ts';
import { countLedgerViolations } from '../src/ledger/ledger-invariants.ts';
import { audit } from '../src/security/audit-repository.ts';
import { verifyAuditChain, type ChainReport } from '../src/security/audit-chain.ts';
import {
  actingAs,
  anonymous,
  call,
  demoSessions,
  ok,
  testClock,
  useTestApp,
  type Caller,
} from './helpers.ts';
import { idOf } from './db-helpers.ts';
import { sendFeed } from './security/feed-send.ts';

const ctx = useTestApp({ TRUST_PROXY: 'true' });

/** The test clock's day (the demo's Wednesday): every row this file writes is dated by it. */
const TODAY = { startDate: '2026-11-18', endDate: '2026-11-19' };
const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

const as = demoSessions(ctx);

const read = (caller: Caller | null, body: Record<string, unknown> = {}) =>
  call(ctx.app, api.getAuditLog, caller, { body: { ...TODAY, ...body } });

const rowsOf = async (login: string | Caller, body: Record<string, unknown> = {}) =>
  ok<AuditLogResponse>(
    await read(typeof login === 'string' ? await as(login) : login, { pageSize: 500, ...body }),
  ).Rows;

/** A payment as a browser sends it: its user agent, and the address and country a proxy adds. */
async function payFromPhone(caller: Caller, idPlayer: number, amount: number) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/reports/${api.insertPlayerPayment.path}`,
    headers: {
      authorization: caller.authorization!,
      'x-csrf-token': caller.csrf,
      cookie: `bl_csrf=${caller.csrf}`,
      'user-agent': CHROME_ANDROID,
      'x-forwarded-for': '203.0.113.7',
      'cf-ipcountry': 'mx',
    },
    remoteAddress: '10.0.0.2',
    payload: {
      idPlayer,
      amount,
      direction: 'receipt',
      method: 'cash',
      note: 'audit test',
      idempotencyKey: randomUUID(),
    },
  });
  return ok<{ Payment: { IdPayment: number; BalanceAfter: number } }>(res);
}

describe('the seeded demo', () => {
  it('verifies as audit:verify prints it: ok, with each chain head', async () => {
    const report = await verifyAuditChain(ctx.database.db);
    expect(report.ok, report.message).toBe(true);
    if (!report.ok) return;
    expect(report.message.split('\n')[0]).toBe('audit chain ok');
    for (const head of report.heads)
      expect(report.message).toContain(
        `site ${head.siteId ?? 'none'}: seq ${head.seq} head ${head.hash}`,
      );
  });
});

describe('the audit log: the rows acts write', () => {
  it('records a payment with who, on whom, from where and the balance before → after', async () => {
    const sub = await as('AG1SUB');
    const pl = await idOf(ctx.database, 'players', 'PL1001');
    const paid = await payFromPhone(sub, pl, 4321);
    const row = (await rowsOf('AG1SUB', { group: 'payments' })).find(
      (r) => r.IdTarget === pl && r.Action === 'payment.player',
    )!;
    expect(row).toMatchObject({
      ActorKind: 'agent',
      Actor: 'AG1SUB',
      ActingFor: null,
      Group: 'payments',
      TargetKind: 'player',
      Target: 'PL1001',
      Ip: '203.0.113.7',
      Country: 'MX',
      Device: 'Chrome (Android)',
    });
    expect(row.Changes).toEqual([
      {
        Field: 'balance',
        Before: String(paid.Payment.BalanceAfter - 4321),
        After: String(paid.Payment.BalanceAfter),
      },
    ]);
    expect(row.Details).toEqual(
      expect.arrayContaining([
        { Key: 'amount', Value: '4321' },
        { Key: 'method', Value: 'cash' },
      ]),
    );
  });

  it('records an adjustment with its reason and a key rotation without its secret', async () => {
    const master = await as('MASTER');
    const pl = await idOf(ctx.database, 'players', 'PL1001');
    const adjusted = ok<{ Adjustment: { BalanceAfter: number } }>(
      await call(ctx.app, api.insertPlayerAdjustment, master, {
        body: {
          idPlayer: pl,
          amount: 500,
          direction: 'debit',
          reason: 'Duplicate deposit',
          idempotencyKey: randomUUID(),
        },
      }),
    );
    const key = ok<{ IdKey: number; KeyId: string }>(
      await call(ctx.app, api.insertIntegrationKey, master, { body: { Label: 'audit' } }),
    );
    const rotated = ok<{ KeyId: string; Secret: string }>(
      await call(ctx.app, api.rotateIntegrationKey, master, {
        body: { IdKey: key.IdKey, OverlapHours: 1 },
      }),
    );
    const rows = await rowsOf('MASTER');
    const adjustment = rows.find((r) => r.Action === 'adjustment.entered' && r.IdTarget === pl)!;
    expect(adjustment).toMatchObject({ Actor: 'MASTER', Group: 'adjustments', Target: 'PL1001' });
    expect(adjustment.Changes).toEqual([
      {
        Field: 'balance',
        Before: String(adjusted.Adjustment.BalanceAfter + 500),
        After: String(adjusted.Adjustment.BalanceAfter),
      },
    ]);
    expect(adjustment.Details).toContainEqual({ Key: 'reason', Value: 'Duplicate deposit' });
    const rotation = rows.find((r) => r.Action === 'platform_key.rotated')!;
    expect(rotation).toMatchObject({ Actor: 'MASTER', Group: 'keys', TargetKind: 'key' });
    expect(rotation.Details).toContainEqual({ Key: 'keyId', Value: rotated.KeyId });
    expect(rotation.Details).toContainEqual({ Key: 'rotatedFrom', Value: key.KeyId });
    expect(JSON.stringify(rows)).not.toContain(rotated.Secret);
    expect(rows.some((r) => r.Action === 'platform_key.created')).toBe(true);
  });

  it('names the agent signed in as the actor and the sub-agent it acts for', async () => {
    const master = await as('MASTER');
    const ag1 = await idOf(ctx.database, 'agents', 'AG1');
    const asAg1 = actingAs(master as never, ag1);
    ok(await call(ctx.app, api.agentLogin, asAg1));
    const pl = await idOf(ctx.database, 'players', 'PL1001');
    ok(
      await call(ctx.app, api.insertPlayerFreePlay, asAg1, {
        body: {
          idPlayer: pl,
          amount: 1000,
          direction: 'grant',
          reason: 'Welcome back',
          idempotencyKey: randomUUID(),
        },
      }),
    );
    const rows = await rowsOf('MASTER', { idActor: await idOf(ctx.database, 'agents', 'MASTER') });
    const actAs = rows.find((r) => r.Action === 'agent.act-as')!;
    expect(actAs).toMatchObject({
      Actor: 'MASTER',
      ActingFor: 'AG1',
      Group: 'actingFor',
      TargetKind: 'agent',
      Target: 'AG1',
    });
    const freePlay = rows.find((r) => r.Action === 'free_play.entered')!;
    expect(freePlay).toMatchObject({ Actor: 'MASTER', ActingFor: 'AG1', Target: 'PL1001' });
    expect(freePlay.Changes[0]!.Field).toBe('freePlayBalance');
    // Filtered by group, only the acting-for rows; the agent acted for sees them in its own log.
    const acting = await rowsOf('MASTER', { group: 'actingFor' });
    expect(acting.length).toBeGreaterThan(0);
    expect(acting.every((r) => r.Action === 'agent.act-as')).toBe(true);
    expect((await rowsOf('AG1', { group: 'actingFor' })).map((r) => r.Id)).toContain(actAs.Id);
  });
});

describe('the audit log: the platform feed', () => {
  it('records administrative events and voids as the platform, and no placings or grades', async () => {
    const key = ok<{ KeyId: string; Secret: string }>(
      await call(ctx.app, api.insertIntegrationKey, await as('MASTER'), {
        body: { Label: 'feed audit' },
      }),
    );
    const send = async (Type: string, Data: object) => {
      const body = JSON.stringify({
        EventId: `audit-${randomUUID()}`,
        Type,
        OccurredAt: testClock().toISOString(),
        Data,
      });
      const res = await sendFeed(ctx.app, platformApi.sendEvent, body, testClock, { key });
      expect(res.status, res.body).toBe(200);
    };
    // A wager the platform voids is audited as the platform's act, as an agent's void is the agent's.
    await send('game.created', {
      Game: 'AUDIT-G1',
      Sport: 'NFL',
      League: 'NFL',
      Home: 'Home',
      Away: 'Away',
      StartsAt: new Date(testClock().getTime() + 86_400_000).toISOString(),
    });
    await send('wager.placed', {
      Wager: 'AUDIT-W1',
      Player: 'PL1001',
      WagerType: 'straight',
      Risk: 110,
      ToWin: 100,
      Legs: [{ Game: 'AUDIT-G1', Market: 'moneyline', Selection: 'Home', Odds: -110 }],
    });
    await send('wager.voided', { Wager: 'AUDIT-W1' });
    await send('player.suspended', { Player: 'PL1001' });
    await send('player.reinstated', { Player: 'PL1001' });
    await send('payment.posted', { Player: 'PL1001', Amount: 2500, Method: 'bank', Note: 'wire' });
    const rows = (await rowsOf('MASTER')).filter((r) => r.ActorKind === 'platform');
    expect(rows.map((r) => r.Action)).toEqual([
      'payment.player',
      'player.status',
      'player.status',
      'wager.delete',
    ]);
    expect(rows.slice(0, 3).every((r) => r.Target === 'PL1001')).toBe(true);
    expect(rows[1]!.Details).toContainEqual({ Key: 'event', Value: 'player.reinstated' });
    expect(rows.every((r) => r.Actor === '' && r.Group !== null)).toBe(true);
  });
});

describe('the audit log: who reads which rows', () => {
  it('shows a master its whole site, rows of no agent too; a sub-agent its subtree only', async () => {
    await audit(ctx.database.db, {
      siteId: 1,
      actorKind: 'public',
      actorId: null,
      action: 'account.locked',
      details: { login: 'nobody-here' },
      at: testClock(),
    });
    const ag2Player = (
      await queryRows<{ id: number }>(
        ctx.database.db,
        sql`select p.id from players p join agents a on a.id = p.agent_id
            where a.login = 'AG2SUB' order by p.id limit 1`,
      )
    )[0]!.id;
    await payFromPhone(await as('MASTER'), ag2Player, 700);
    const master = await rowsOf('MASTER');
    expect(master.some((r) => r.Action === 'account.locked' && r.ActorKind === 'public')).toBe(
      true,
    );
    expect(master.some((r) => r.IdTarget === ag2Player)).toBe(true);
    const sub = await rowsOf('AG1SUB');
    expect(sub.length).toBeGreaterThan(0);
    expect(sub.some((r) => r.Action === 'account.locked')).toBe(false);
    expect(sub.some((r) => r.IdTarget === ag2Player)).toBe(false);
    expect(sub.every((r) => r.Target !== 'AG2SUB')).toBe(true);
    // Asking for its own subtree as a master's agent picker would: the same narrowing.
    const ag1SubId = await idOf(ctx.database, 'agents', 'AG1SUB');
    const narrowed = await rowsOf('MASTER', { idAgent: ag1SubId });
    expect(narrowed.some((r) => r.Action === 'account.locked')).toBe(false);
    expect(narrowed.map((r) => r.Id).sort()).toEqual(sub.map((r) => r.Id).sort());
  });

  it("never shows another site's rows", async () => {
    const site1 = new Set((await rowsOf('MASTER')).map((r) => r.Id));
    const site2 = await rowsOf('MASTER2');
    expect(site2.some((r) => site1.has(r.Id))).toBe(false);
    const ag1 = await idOf(ctx.database, 'agents', 'AG1');
    const res = await read(await as('MASTER2'), { idAgent: ag1 });
    expect(res.statusCode).toBe(404);
    // A player or agent acted on outside the caller's tree is answered as one that does not exist.
    const pl = await idOf(ctx.database, 'players', 'PL1001');
    expect((await read(await as('MASTER2'), { idPlayer: pl })).statusCode).toBe(404);
    expect((await read(await as('AG1SUB'), { idTargetAgent: ag1 })).statusCode).toBe(404);
  });

  it('lets a view-only agent read its log', async () => {
    expect((await read(await as('AG1SUB2'))).statusCode).toBe(200);
    expect((await read(await as('ESAG2'))).statusCode).toBe(200);
  });

  it('refuses a caller without a session (401), a player (403) and bad filters (400)', async () => {
    expect((await read(await anonymous(ctx.app))).statusCode).toBe(401);
    expect((await read(await as('PL1001'))).statusCode).toBe(403);
    const master = await as('MASTER');
    for (const bad of [
      { group: 'everything' },
      { pageSize: 0 },
      { pageSize: 501 },
      { search: 'x'.repeat(65) },
      { beforeId: -1 },
      { startDate: '2026-11-19', endDate: '2026-11-01' },
      { startDate: '2024-01-01', endDate: '2026-11-19' },
    ]) {
      const res = await read(master, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
  });

  it('pages newest first by id, and finds rows by a login', async () => {
    const master = await as('MASTER');
    const first = ok<AuditLogResponse>(await read(master, { pageSize: 2 }));
    expect(first.Rows).toHaveLength(2);
    expect(first.Rows[0]!.Id).toBeGreaterThan(first.Rows[1]!.Id);
    expect(first.NextBeforeId).toBe(first.Rows[1]!.Id);
    const next = ok<AuditLogResponse>(
      await read(master, { pageSize: 2, beforeId: first.NextBeforeId }),
    );
    expect(next.Rows[0]!.Id).toBeLessThan(first.Rows[1]!.Id);
    const found = await rowsOf('MASTER', { search: 'pl100' });
    expect(found.length).toBeGreaterThan(0);
    expect(
      found.every((r: AuditLogRow) =>
        [r.Actor, r.ActingFor, r.Target].some((s) => s?.toLowerCase().includes('pl100')),
      ),
    ).toBe(true);
    const pl = await idOf(ctx.database, 'players', 'PL1001');
    const onPlayer = await rowsOf('MASTER', { idPlayer: pl });
    expect(onPlayer.every((r) => r.IdTarget === pl && r.TargetKind === 'player')).toBe(true);
  });
});

class Rollback extends Error {}

/** The chain as verify sees it after `tamper`, run with the append-only trigger off and undone. */
async function afterTampering(tamper: (tx: Executor) => Promise<void>): Promise<ChainReport> {
  let report: ChainReport | undefined;
  await ctx.database.db
    .transaction(async (tx) => {
      await tx.execute(sql`alter table audit_log disable trigger audit_log_append_only`);
      await tamper(tx);
      report = await verifyAuditChain(tx, 1);
      throw new Rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error;
    });
  return report!;
}

/** Site 1's last rows by seq, oldest first. */
async function lastRows(n: number) {
  const rows = await queryRows<{ id: number; seq: number }>(
    ctx.database.db,
    sql`select id::int as id, seq::int as seq from audit_log where site_id = 1
        order by seq desc limit ${n}`,
  );
  return rows.reverse();
}

describe('the audit chain', () => {
  it('is intact after the acts above: verify says ok with the heads, and so do the invariants', async () => {
    const report = await verifyAuditChain(ctx.database.db);
    expect(report.ok, report.message).toBe(true);
    expect(report.message).toMatch(/^audit chain ok\nsite 1: seq \d+ head [0-9a-f]{64}/);
    expect((await countLedgerViolations(ctx.database.db)).auditChainIsIntact).toBe(0);
  });

  it('refuses to change or remove a row while the append-only trigger is on', async () => {
    const [row] = await lastRows(1);
    await expect(
      ctx.database.db.execute(sql`update audit_log set details = '{}' where id = ${row!.id}`),
    ).rejects.toThrow();
    await expect(
      ctx.database.db.execute(sql`delete from audit_log where id = ${row!.id}`),
    ).rejects.toThrow();
    expect((await verifyAuditChain(ctx.database.db, 1)).ok).toBe(true);
  });

  it('names an edited row', async () => {
    const [, row] = await lastRows(3);
    const report = await afterTampering(async (tx) => {
      await tx.execute(
        sql`update audit_log set details = details || '{"amount": 1}' where id = ${row!.id}`,
      );
    });
    expect(report).toMatchObject({
      ok: false,
      siteId: 1,
      id: row!.id,
      seq: row!.seq,
      reason: 'edited',
    });
    expect(report.message).toContain(`row ${row!.id}`);
  });

  it('names the row after a removed one', async () => {
    const [, gone, after] = await lastRows(3);
    const report = await afterTampering(async (tx) => {
      await tx.execute(sql`delete from audit_log where id = ${gone!.id}`);
    });
    expect(report).toMatchObject({
      ok: false,
      id: after!.id,
      seq: after!.seq,
      reason: 'missing row',
    });
  });

  it('names rows swapped in the order as out of order', async () => {
    const [, a, b] = await lastRows(3);
    const report = await afterTampering(async (tx) => {
      await tx.execute(sql`update audit_log set seq = -1 where id = ${a!.id}`);
      await tx.execute(sql`update audit_log set seq = ${a!.seq} where id = ${b!.id}`);
      await tx.execute(sql`update audit_log set seq = ${b!.seq} where id = ${a!.id}`);
    });
    expect(report).toMatchObject({ ok: false, id: b!.id, seq: a!.seq, reason: 'out of order' });
  });

  it('names a chain whose last row was removed as a head mismatch', async () => {
    const [last] = await lastRows(1);
    const report = await afterTampering(async (tx) => {
      await tx.execute(sql`delete from audit_log where id = ${last!.id}`);
    });
    expect(report).toMatchObject({ ok: false, siteId: 1, seq: last!.seq, reason: 'head mismatch' });
    // Undone: the chain is whole again.
    expect((await verifyAuditChain(ctx.database.db)).ok).toBe(true);
  });
});
