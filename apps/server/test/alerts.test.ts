// Alerts and the risk worker (issue 19 items 4 and 5): wagers arrive through the signed platform
// feed, the worker follows the live log on a fixed clock, and each agent whose thresholds in force
// (its own or its nearest ancestor's) are crossed gets one alert per cause: in the bell, by e-mail
// to a real SMTP peer, and to a chat webhook on loopback that fails once and takes the retry. The
// worker scores players as graded legs with closing lines arrive; it prunes the log it passed.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { api, platformApi, type AlertSettings, type NotificationList } from '@backline/contract';
import type { RiskWorkerSettings } from '../src/config.ts';
import { queryRows } from '../src/db/query.ts';
import { createMailer, type Mailer } from '../src/mail/mailer.ts';
import { createRiskWorker } from '../src/risk/risk-worker.ts';
import { idOf } from './db-helpers.ts';
import { createFeedKey, sendFeed, type FeedKey } from './security/feed-send.ts';
import { call, logIn, ok, useTestApp } from './helpers.ts';
import { TEST_SEED } from './seed-options.ts';
import { smtpPeer, type SmtpPeer } from './smtp-peer.ts';

type AlertsAnswer = z.output<typeof api.getAlerts.response>;

// The clock stands still at the demo's now: the worker, the feed's signatures and the log agree.
const at = TEST_SEED.now.getTime();
const clock = () => new Date(at);
const ctx = useTestApp({}, { now: clock });

let key: FeedKey;
let seq = 0;
const ids: Record<string, number> = {};

function event(Type: string, Data: object) {
  return { EventId: `alerts-${Type}-${++seq}`, Type, OccurredAt: clock().toISOString(), Data };
}

async function feed(Type: string, Data: object) {
  const res = await sendFeed(
    ctx.app,
    platformApi.sendEvent,
    JSON.stringify(event(Type, Data)),
    clock,
    { key },
  );
  expect(res.status, res.body).toBe(200);
  return JSON.parse(res.body) as { Effect: { IdWager?: number } };
}

let ticket = 0;
/** Places a straight money-line wager on the game's home side; answers its id. */
async function place(player: string, game: string, risk: number, toWin: number, odds = -120) {
  const placed = await feed('wager.placed', {
    Wager: `ALW-${++ticket}`,
    Player: player,
    WagerType: 'straight',
    Risk: risk,
    ToWin: toWin,
    Legs: [{ Game: game, Market: 'moneyline', Selection: `${game} Home`, Odds: odds }],
  });
  return { id: placed.Effect.IdWager!, ref: `ALW-${ticket}` };
}

const smtpOff: Mailer = createMailerFor(undefined);
function createMailerFor(smtpUrl: string | undefined): Mailer {
  return {
    send: (mail) =>
      createMailer({ db: ctx.database.db, smtpUrl, from: 'Backline <a@b.test>', now: clock }).send(
        mail,
      ),
    close() {},
  };
}

function worker(over: Partial<RiskWorkerSettings> = {}, mailer: Mailer = smtpOff) {
  return createRiskWorker({
    database: ctx.database,
    settings: { ...ctx.config.riskWorker, retryDelaySeconds: 1, ...over },
    webhooks: ctx.config.webhooks,
    now: clock,
    log: ctx.app.log,
    mailer,
  });
}

interface AlertDbRow {
  agent: string;
  kind: string;
  cause: string;
  figure: number;
  threshold: number | null;
  notification_id: number | null;
  webhook_status: string;
  webhook_attempts: number;
}

/** The alerts raised about a cause's subject (`like`), by agent login then kind. */
const alertsLike = (like: string) =>
  queryRows<AlertDbRow>(
    ctx.database.db,
    sql`select a.login as agent, n.kind, n.cause, n.figure, n.threshold, n.notification_id,
          n.webhook_status, n.webhook_attempts
        from alerts n join agents a on a.id = n.agent_id
        where n.cause like ${like} order by a.login, n.kind`,
  );

const as = (login: string, password = 'demo-agent', site = 1) =>
  logIn(ctx.app, login, password, site);

async function setAlerts(login: string, password: string, body: object, status = 200) {
  const res = await call(ctx.app, api.setAlertSettings, await as(login, password), { body });
  expect(res.statusCode, res.body).toBe(status);
  return JSON.parse(res.body) as AlertSettings & { Code?: string };
}

beforeAll(async () => {
  key = await createFeedKey(ctx, 1, 'alerts', clock);
  for (const game of ['ALG1', 'ALG2', 'ALG3', 'ALG4'])
    await feed('game.created', {
      Game: game,
      Sport: 'NFL',
      League: 'NFL',
      Home: `${game} Home`,
      Away: `${game} Away`,
      StartsAt: '2026-11-22T18:00:00Z',
    });
  await feed('player.created', {
    Player: 'ALX1',
    Agent: 'AG1SUB',
    Name: 'Alert One',
    CreditLimit: 10_000_000,
  });
  await feed('player.created', {
    Player: 'ALX2',
    Agent: 'AG2',
    Name: 'Alert Two',
    CreditLimit: 10_000_000,
  });
  for (const login of ['MASTER', 'AG1', 'AG1SUB', 'AG2', 'AG2SUB'])
    ids[login] = await idOf(ctx.database, 'agents', login);
  ids.MASTER2 = await idOf(ctx.database, 'agents', 'MASTER2', 2);
  // The master's thresholds reach its whole tree; AG1 gives its sub-agent its own wager threshold.
  await setAlerts('MASTER', 'demo-master', {
    own: true,
    wagerRisk: 50_000,
    dayResult: 40_000,
    sideExposure: 45_000,
    watchedWagers: true,
    sharpWagers: true,
  });
  await setAlerts('AG1', 'demo-agent', { idAgent: ids.AG1SUB, own: true, wagerRisk: 100_000 });
  // AG1 reads Spanish: its bell speaks it.
  await ctx.database.db.execute(sql`update agents set language = 'es' where id = ${ids.AG1}`);
});

describe('alert settings', () => {
  it('shows own, inherited and overridden thresholds', async () => {
    const ag1 = ok<AlertSettings>(
      await call(ctx.app, api.getAlertSettings, await as('AG1'), { body: {} }),
    );
    expect(ag1).toMatchObject({
      IdAgent: ids.AG1,
      Own: null,
      Effective: { WagerRisk: 50_000, DayResult: 40_000, SideExposure: 45_000 },
      From: { IdAgent: ids.MASTER, Agent: 'MASTER' },
      Editable: true,
      Currency: 'USD',
    });
    const sub = ok<AlertSettings>(
      await call(ctx.app, api.getAlertSettings, await as('AG1'), {
        body: { idAgent: ids.AG1SUB },
      }),
    );
    expect(sub).toMatchObject({
      Own: { WagerRisk: 100_000, DayResult: null, SideExposure: null, WatchedWagers: false },
      From: { IdAgent: ids.AG1SUB },
      Email: null,
    });
    // An agent's own destinations do not make it stop inheriting.
    const withMail = await setAlerts('AG2SUB', 'demo-sub', {
      own: false,
      email: 'ag2sub-alerts@backline.test',
    });
    expect(withMail).toMatchObject({
      Own: null,
      Effective: { WagerRisk: 50_000 },
      From: { Agent: 'MASTER' },
      Email: 'ag2sub-alerts@backline.test',
    });
  });

  it('refuses bad input, strangers, missing rights and other agents or sites', async () => {
    const master = await as('MASTER', 'demo-master');
    for (const body of [
      { own: true, wagerRisk: -5 },
      { own: true, wagerRisk: 1.5 },
      { own: true, webhookUrl: 'ftp://chat.example.com/hook' },
      { own: true, email: 'not-an-address' },
      { own: 'yes' },
    ]) {
      const res = await call(ctx.app, api.setAlertSettings, master, { body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const empty = await setAlerts('AG2', 'demo-agent', { own: true }, 400);
    expect(empty.Code).toBe('alert_thresholds_empty');
    const bad = await call(ctx.app, api.getAlerts, master, {
      body: { startDate: '2026-11-20', endDate: '2026-11-01' },
    });
    expect(bad.statusCode).toBe(400);
    for (const e of [api.getAlertSettings, api.setAlertSettings, api.getAlerts]) {
      const anonymous = await call(ctx.app, e, { csrf: 'x' }, { body: {} });
      expect(anonymous.statusCode).toBe(401);
      const player = await call(ctx.app, e, await as('PL1001', 'demo-player'), { body: {} });
      expect(player.statusCode).toBe(403);
    }
    // AG2 has no manageAgents: its sub-agent's thresholds are not its to set.
    const noRight = await setAlerts(
      'AG2',
      'demo-agent',
      { idAgent: ids.AG2SUB, own: true, wagerRisk: 10 },
      403,
    );
    expect(noRight.Code).toBe('right_required');
    // A parent sets thresholds, never where a sub-agent's alerts go.
    const destinations = await setAlerts(
      'AG1',
      'demo-agent',
      { idAgent: ids.AG1SUB, own: true, email: 'x@backline.test' },
      403,
    );
    expect(destinations.Code).toBe('alert_destinations_own');
    // Beside or above the caller, or on another site: not found, whoever asks.
    for (const [login, password, site, target] of [
      ['AG2', 'demo-agent', 1, ids.AG1],
      ['AG1', 'demo-agent', 1, ids.MASTER],
      ['MASTER2', 'demo-master', 2, ids.MASTER],
      ['MASTER', 'demo-master', 1, ids.MASTER2],
    ] as const) {
      const caller = await as(login, password, site);
      for (const e of [api.getAlertSettings, api.getAlerts]) {
        const res = await call(ctx.app, e, caller, { body: { idAgent: target } });
        expect(res.statusCode, `${login} → ${target}`).toBe(404);
      }
      const set = await call(ctx.app, api.setAlertSettings, caller, {
        body: { idAgent: target, own: true, wagerRisk: 1 },
      });
      expect(set.statusCode).toBe(404);
    }
  });
});

describe('the risk worker', () => {
  it('raises each threshold once per cause, for every agent whose settings in force ask', async () => {
    const w1 = await place('ALX1', 'ALG1', 60_000, 50_000);
    const first = worker();
    expect(await first.runOnce()).toMatchObject({ ran: true, raised: 4 });
    // Repeats, and two workers at once (two processes): nothing twice.
    await first.runOnce();
    const results = await Promise.all([first.runOnce(), worker().runOnce(), worker().runOnce()]);
    expect(results.reduce((n, r) => n + r.raised, 0)).toBe(0);
    const side = `side:%:moneyline::home`;
    expect(await alertsLike(`wager:${w1.id}`)).toMatchObject([
      { agent: 'AG1', kind: 'wager_risk', figure: 60_000, threshold: 50_000 },
      { agent: 'MASTER', kind: 'wager_risk', figure: 60_000, threshold: 50_000 },
    ]);
    const sides = await alertsLike(side);
    expect(sides).toMatchObject([
      { agent: 'AG1', kind: 'side_exposure', figure: -50_000, threshold: 45_000 },
      { agent: 'MASTER', kind: 'side_exposure', figure: -50_000, threshold: 45_000 },
    ]);
    // A wager below AG1SUB's own threshold says nothing to it.
    const sub = await queryRows(
      ctx.database.db,
      sql`select 1 from alerts where agent_id = ${ids.AG1SUB}`,
    );
    expect(sub).toEqual([]);

    // Its grade makes the player's day a win past the day threshold, once.
    await feed('wager.graded', { Wager: w1.ref, Result: 'win' });
    await first.runOnce();
    await worker().runOnce();
    expect(await alertsLike(`day:%`)).toMatchObject([
      { agent: 'AG1', kind: 'day_result', figure: 50_000, threshold: 40_000 },
      { agent: 'MASTER', kind: 'day_result', figure: 50_000, threshold: 40_000 },
    ]);
    expect((await alertsLike('day:%'))[0]!.cause).toMatch(/^day:\d+:2026-11-18:win$/);

    // A watched player's wager, however small.
    await ctx.database.db.execute(sql`update players set watched = true where login = 'ALX1'`);
    const w2 = await place('ALX1', 'ALG2', 1_000, 900);
    await first.runOnce();
    await first.runOnce();
    expect(await alertsLike(`watched:${w2.id}`)).toMatchObject([
      { agent: 'AG1', kind: 'watched_wager' },
      { agent: 'MASTER', kind: 'watched_wager' },
    ]);
    // A raised threshold raises nothing new for a cause already alerted.
    expect(await alertsLike(`wager:${w2.id}`)).toEqual([]);
  });

  it('delivers to the bell in the agent’s language, and logs for the subtree', async () => {
    const master = await as('MASTER', 'demo-master');
    const unseen = ok<NotificationList>(await call(ctx.app, api.getNotificationByAgentId, master));
    const titles = unseen.Notifications.map((n) => n.Title);
    expect(titles).toContain('Big wager: ALX1 risks $600.00');
    expect(titles.some((t) => t.startsWith('Exposure: ALG1 Away @ ALG1 Home'))).toBe(true);
    expect(titles).toContain('ALX1 wins $500.00 today');
    const ag1 = ok<NotificationList>(
      await call(ctx.app, api.getNotificationByAgentId, await as('AG1')),
    );
    expect(ag1.Notifications.map((n) => n.Title)).toContain(
      'Apuesta grande: ALX1 arriesga 600,00\u00a0US$',
    );
    // Each alert's notification is its own agent's alone.
    const sub = ok<NotificationList>(
      await call(ctx.app, api.getNotificationByAgentId, await as('AG1SUB', 'demo-sub')),
    );
    expect(sub.Notifications.filter((n) => n.Title.includes('ALX1'))).toEqual([]);
    const rows = await alertsLike('%');
    expect(rows.every((r) => r.notification_id !== null)).toBe(true);

    const log = ok<AlertsAnswer>(
      await call(ctx.app, api.getAlerts, master, { body: { period: 0 } }),
    );
    expect(log.Total).toBe(rows.length);
    expect(log.Rows.map((r) => r.Agent).sort()).toEqual(rows.map((r) => r.agent).sort());
    expect(log.Rows[0]!.IdAlert).toBeGreaterThan(log.Rows.at(-1)!.IdAlert);
    const onlyWager = ok<AlertsAnswer>(
      await call(ctx.app, api.getAlerts, master, {
        body: { period: 0, kind: 'wager_risk', idAgent: ids.AG1, pageSize: 1 },
      }),
    );
    expect(onlyWager).toMatchObject({ Total: 1, Rows: [{ Agent: 'AG1', Player: 'ALX1' }] });
    // AG2's subtree had none of them.
    const ag2 = ok<AlertsAnswer>(
      await call(ctx.app, api.getAlerts, await as('AG2'), { body: { period: 0 } }),
    );
    expect(ag2.Rows.filter((r) => r.Player === 'ALX1')).toEqual([]);
  });

  it('scores a player as closing lines arrive; its next wager is a sharp one', async () => {
    const placed = [];
    for (let i = 0; i < 20; i++) placed.push(await place('ALX2', 'ALG3', 1_000, 1_500, 150));
    const w = worker();
    await w.runOnce();
    expect(await alertsLike('sharp:%')).toEqual([]);
    for (const p of placed)
      await feed('wager.graded', {
        Wager: p.ref,
        Result: 'win',
        Legs: [{ Result: 'win', ClosingOdds: -110 }],
      });
    expect(await w.runOnce()).toMatchObject({ scored: 1 });
    const [clv] = await queryRows<{ score: string; legs: number; wagers: number }>(
      ctx.database.db,
      sql`select c.score::text as score, c.legs, c.wagers from player_clv c
          join players p on p.id = c.player_id where p.login = 'ALX2'`,
    );
    // +150 taken, -110 at the close: 60 cents a leg.
    expect(clv).toEqual({ score: '60.00', legs: 20, wagers: 20 });
    const next = await place('ALX2', 'ALG4', 1_000, 1_500, 150);
    await w.runOnce();
    expect(await alertsLike('sharp:%')).toMatchObject([
      { agent: 'AG2', kind: 'sharp_wager', cause: `sharp:${next.id}` },
      { agent: 'MASTER', kind: 'sharp_wager', cause: `sharp:${next.id}` },
    ]);
  });
  it('rescores only for priced legs: a grade without a closing price scores no one, a void does', async () => {
    const w = worker();
    const plain = await place('ALX2', 'ALG3', 1_000, 1_500, 150);
    await w.runOnce();
    await feed('wager.graded', { Wager: plain.ref, Result: 'loss' });
    expect(await w.runOnce()).toMatchObject({ activity: 1, scored: 0 });

    const priced = await place('ALX2', 'ALG3', 1_000, 1_500, 200);
    await feed('wager.graded', {
      Wager: priced.ref,
      Result: 'win',
      Legs: [{ Result: 'win', ClosingOdds: -110 }],
    });
    expect(await w.runOnce()).toMatchObject({ scored: 1 });
    const scoreOf = async () =>
      (
        await queryRows<{ legs: number }>(
          ctx.database.db,
          sql`select c.legs from player_clv c join players p on p.id = c.player_id
              where p.login = 'ALX2'`,
        )
      )[0]!.legs;
    const before = await scoreOf();
    // Voided, the priced wager leaves the score.
    await feed('wager.voided', { Wager: priced.ref });
    expect(await w.runOnce()).toMatchObject({ scored: 1 });
    expect(await scoreOf()).toBe(before - 1);
  });
});

describe('alert delivery', () => {
  const posts: unknown[] = [];
  let failNext = 1;
  let smtp: SmtpPeer;
  let hook: ReturnType<typeof createServer>;
  let smtpUrl = '';
  let hookUrl = '';

  beforeAll(async () => {
    smtp = await smtpPeer();
    smtpUrl = smtp.url;
    // A chat room's incoming webhook: the first post fails, the retry is taken.
    hook = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        if (failNext > 0) {
          failNext--;
          res.writeHead(503).end('busy');
          return;
        }
        posts.push({
          type: req.headers['content-type'],
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
        });
        res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hooks/alerts`;
  });

  afterAll(async () => {
    await smtp.close();
    hook.closeAllConnections();
    await new Promise<void>((resolve) => hook.close(() => resolve()));
  });

  it('mails the agent’s own address and posts to its chat webhook, retrying a failure', async () => {
    const set = await setAlerts('MASTER', 'demo-master', {
      own: true,
      wagerRisk: 50_000,
      email: 'master-alerts@backline.test',
      webhookUrl: hookUrl,
    });
    expect(set).toMatchObject({ Email: 'master-alerts@backline.test', WebhookUrl: hookUrl });
    const w = worker({ intervalMs: 60_000 }, createMailerFor(smtpUrl));
    await w.start();
    try {
      const wager = await place('ALX1', 'ALG4', 70_000, 58_000);
      expect(await w.runOnce()).toMatchObject({ raised: 2 });
      await expect
        .poll(async () => (await alertsLike(`wager:${wager.id}`)).map((r) => r.webhook_status), {
          timeout: 30_000,
        })
        .toEqual(['none', 'sent']);
      const [, master] = await alertsLike(`wager:${wager.id}`);
      expect(master).toMatchObject({ agent: 'MASTER', webhook_attempts: 2 });
      expect(posts).toEqual([{ type: 'application/json', body: { text: expect.any(String) } }]);
      const { text } = (posts[0] as { body: { text: string } }).body;
      expect(text).toMatch(
        /^\*Big wager: ALX1 risks \$700\.00\*\nALX1 #\S+ \(ALG\d+ Home\) risks \$700\.00/,
      );
      expect(text).toContain('threshold $500.00');
      await expect.poll(() => smtp.received.length, { timeout: 30_000 }).toBe(1);
      expect(smtp.received[0]!.to).toEqual(['master-alerts@backline.test']);
      expect(smtp.received[0]!.raw).toContain('Big wager: ALX1 risks $700.00');
    } finally {
      await w.stop();
    }
    // Once sent, a later round changes nothing.
    await worker().runOnce();
    expect(posts).toHaveLength(1);
  });
});

describe('pruning', () => {
  it('drops the log the worker passed after the days kept, and empty sides of the open book', async () => {
    const player = await idOf(ctx.database, 'players', 'ALX1');
    const [old] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`insert into wager_activity (site_id, agent_id, player_id, wager_id, kind, at, logged_at)
          values (1, ${ids.AG1SUB}, ${player}, 1, 'voided', now() - interval '10 days',
            now() - interval '10 days') returning id`,
    );
    await ctx.database.db.execute(
      sql`insert into open_exposure (site_id, event_id, market, prop, side, agent_id, currency,
            multi, wagers, risk, to_win, free_play_risk)
          select 1, id, 'total', '', 'over', ${ids.AG1SUB}, 'USD', false, 0, 0, 0, 0
          from events where site_id = 1 order by id limit 1`,
    );
    const recent = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from wager_activity`,
    );
    await worker({ activityKeepDays: 3 }).runOnce();
    const [left] = await queryRows<{ old: number; all: number; empty: number }>(
      ctx.database.db,
      sql`select (select count(*) from wager_activity where id = ${old!.id})::int as old,
            (select count(*) from wager_activity)::int as all,
            (select count(*) from open_exposure where wagers = 0)::int as empty`,
    );
    expect(left).toEqual({ old: 0, all: recent[0]!.n - 1, empty: 0 });
  });
});
