// The simulated platform (issue 15 item 9) against a real server on loopback: a bounded run through
// the signed feed only, then what it reported is what the book holds, and the ledger is whole.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@backline/contract';
import { queryRows } from '../src/db/query.ts';
import { countLedgerViolations } from '../src/ledger/ledger-invariants.ts';
import { createFeedClient } from '../src/simulator/feed-client.ts';
import { createSimulator, describeReport } from '../src/simulator/simulator.ts';
import { call, logIn, testClock, useTestApp } from './helpers.ts';
import { createFeedKey } from './security/feed-send.ts';

const ctx = useTestApp();

describe('npm run simulate', () => {
  let url: string;
  let key: { KeyId: string; Secret: string };

  beforeAll(async () => {
    key = await createFeedKey(ctx, 1, 'simulator');
    url = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => ctx.app.server.close());

  const client = () =>
    createFeedClient({ url, keyId: key.KeyId, secret: key.Secret, now: testClock });

  it('places, grades and settles wagers through the feed; the ledger holds', async () => {
    const simulator = createSimulator({
      client: client(),
      now: testClock,
      rate: 500,
      maxEvents: 200,
      agent: 'AG1SUB',
      seed: 15,
    });
    const report = await simulator.run();
    const lines = describeReport(report);
    expect(lines[0]).toContain('200 events');

    expect(report.events.sent).toBe(200);
    expect(report.events.applied + report.events.duplicate).toBe(200);
    expect(report.events.refused).toEqual({});
    expect(report.players).toEqual(['SIM1', 'SIM2', 'SIM3', 'SIM4', 'SIM5', 'SIM6']);
    const graded = Object.values(report.wagers.graded).reduce((a, b) => a + b, 0);
    expect(report.wagers.straight).toBeGreaterThan(0);
    expect(report.wagers.parlay).toBeGreaterThan(0);
    expect(graded).toBeGreaterThan(0);
    expect(report.results.casino).toBeGreaterThan(0);
    // Its players sign in on the platform, the first two from one phone at one address.
    const logins = await queryRows<{ ip: string; players: number; devices: number }>(
      ctx.database.db,
      sql`select e.ip, count(distinct e.player_id)::int as players,
            count(distinct e.device_hash)::int as devices
          from login_events e join players p on p.id = e.player_id
          where e.source = 'platform' and p.login like 'SIM%'
          group by e.ip order by players desc, e.ip`,
    );
    expect(logins[0]).toEqual({ ip: '203.0.113.7', players: 2, devices: 1 });
    expect(logins.slice(1).every((l) => l.players === 1)).toBe(true);

    // What the book holds is what the platform said it did.
    const [book] = await queryRows<{
      placed: number;
      parlays: number;
      graded: number;
      voided: number;
      open: number;
    }>(
      ctx.database.db,
      sql`select count(*)::int as placed,
            count(*) filter (where w.wager_type = 'parlay')::int as parlays,
            count(*) filter (where w.status = 'graded')::int as graded,
            count(*) filter (where w.status = 'deleted')::int as voided,
            count(*) filter (where w.status = 'open')::int as open
          from wagers w join players p on p.id = w.player_id
          where p.site_id = 1 and p.login like 'SIM%'`,
    );
    expect(book).toEqual({
      placed: report.wagers.placed,
      parlays: report.wagers.parlay,
      graded,
      voided: report.wagers.voided,
      open: report.wagers.placed - graded - report.wagers.voided,
    });
    const [entries] = await queryRows<{ products: number; payments: number }>(
      ctx.database.db,
      sql`select count(*) filter (where t.type in (5, 6, 7))::int as products,
            count(*) filter (where t.type = 1)::int as payments
          from ledger t join players p on p.id = t.player_id
          where p.site_id = 1 and p.login like 'SIM%'`,
    );
    expect(entries).toEqual({
      products: report.results.casino + report.results.horses + report.results.rbl,
      payments: report.payments,
    });
    const violations = await countLedgerViolations(ctx.database.db);
    expect(
      Object.values(violations).every((n) => n === 0),
      JSON.stringify(violations),
    ).toBe(true);

    // AG1SUB's wager center lists the simulated players' open wagers.
    const sub = await logIn(ctx.app, 'AG1SUB', 'demo-sub');
    const res = await call(ctx.app, api.getOpenBets, sub, { query: { pageSize: 500 } });
    expect(res.statusCode, res.body).toBe(200);
    const rows = (res.json() as { Rows: { Player: string }[] }).Rows;
    expect(rows.filter((r) => r.Player.startsWith('SIM')).length).toBe(book!.open);
  });

  it('a second run bets with the players the first made, and a wrong secret stops it', async () => {
    const again = await createSimulator({
      client: client(),
      now: testClock,
      rate: 500,
      maxEvents: 30,
      seed: 16,
    }).run();
    expect(again.players).toEqual(['SIM1', 'SIM2', 'SIM3', 'SIM4', 'SIM5', 'SIM6']);
    expect(again.events.refused).toEqual({ login_taken: 6 });

    const wrong = createSimulator({
      client: createFeedClient({ url, keyId: key.KeyId, secret: 'bs_wrong', now: testClock }),
      now: testClock,
      rate: 500,
      maxEvents: 10,
      players: ['SIM1'],
    });
    await expect(wrong.run()).rejects.toThrow(/401 signature_invalid/);
  });

  it('stops cleanly when told, mid-run', async () => {
    const simulator = createSimulator({
      client: client(),
      now: testClock,
      rate: 50,
      players: ['SIM1', 'SIM2'],
      seed: 17,
    });
    const running = simulator.run();
    await new Promise((resolve) => setTimeout(resolve, 300));
    simulator.stop();
    const report = await running;
    expect(report.events.sent).toBeGreaterThan(0);
    expect(report.events.sent).toBeLessThan(50);
  });
});
