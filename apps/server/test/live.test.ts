// The live ticker (issue 19 item 1): a wager placed, graded or voided reaches the stream of every
// agent above its player, through another server process, once; never an agent beside or another
// site. A stream resumed with the last id it saw gets exactly what it missed; GetLive answers the
// latest newest first with filters; and every refusal.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { api, LIVE_RESUME_LIMIT, LiveItem } from '@backline/contract';
import { idOf } from './db-helpers.ts';
import type { FeedKey } from './security/feed-send.ts';
import { eventReader } from './sse-reader.ts';
import { actingAs, anonymous, call, logIn, ok, urlOf, useTestApp, type Caller } from './helpers.ts';
import { liveFeed, startOtherProcess, type OtherProcess } from './live-feed.ts';

const ctx = useTestApp();
const onPostgres = inject('template').kind === 'postgres';
const { event, sent } = liveFeed(ctx, 'ticker');

const placeEvent = (wager: string, player: string, risk = 1_100, game = 'TICK-G1') =>
  event('wager.placed', {
    Wager: wager,
    Player: player,
    WagerType: 'straight',
    Risk: risk,
    ToWin: 1_000,
    Legs: [{ Game: game, Market: 'moneyline', Selection: 'Home', Odds: -110 }],
  });

type Next = (timeoutMs?: number) => Promise<{ item: LiveItem; id: string | undefined }>;

/** The `wager` events of a stream, in order; heartbeats passed over. */
function wagerReader(body: ReadableStream<Uint8Array>): Next {
  const next = eventReader(body);
  return async (timeoutMs = 4000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const e = await next(Math.max(1, deadline - Date.now()));
      if (e.event !== 'wager') continue;
      return { item: LiveItem.parse(e.data), id: e.id };
    }
  };
}

/** Nothing more arrives within `ms`. */
async function silent(next: Next, ms = 800): Promise<void> {
  await expect(next(ms)).rejects.toThrow('no event in time');
}

describe('live ticker', () => {
  let other: OtherProcess;
  let base: string;
  let site1: FeedKey;
  let site2: FeedKey;
  let ids: Record<string, number>;

  beforeAll(async () => {
    other = await startOtherProcess(ctx, 'ticker');
    ({ site1, site2, base } = other);
    const game = (key: FeedKey, Game: string, Sport = 'NFL') =>
      sent(
        key,
        event('game.created', {
          Game,
          Sport,
          League: Sport,
          Home: 'Home',
          Away: 'Away',
          StartsAt: '2026-12-22T18:00:00Z',
        }),
      );
    await game(site1, 'TICK-G1');
    await game(site1, 'TICK-G2', 'NBA');
    await game(site2, 'TICK-G3');
    await sent(
      site1,
      event('player.created', {
        Player: 'TICKAG2',
        Agent: 'AG2',
        Name: 'Beside',
        CreditLimit: 1_000_000,
      }),
    );
    await sent(
      site2,
      event('player.created', {
        Player: 'TICKSITE2',
        Agent: 'MASTER2',
        Name: 'Other site',
        CreditLimit: 1_000_000,
      }),
    );
    ids = {
      MASTER: await idOf(ctx.database, 'agents', 'MASTER'),
      AG1: await idOf(ctx.database, 'agents', 'AG1'),
      AG1SUB: await idOf(ctx.database, 'agents', 'AG1SUB'),
      AG2: await idOf(ctx.database, 'agents', 'AG2'),
      PL1001: await idOf(ctx.database, 'players', 'PL1001'),
    };
  });
  afterAll(() => other?.close());

  async function ticket(caller: Caller): Promise<string> {
    return ok<{ Ticket: string }>(await call(ctx.app, api.liveStreamTicket, caller)).Ticket;
  }

  async function stream(caller: Caller, lastEventId?: number) {
    const url = urlOf(api.liveStream, { ticket: await ticket(caller), after: lastEventId });
    const { res, abort } = await other.open(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    return { next: wagerReader(res.body!), abort };
  }

  it('pushes placed, graded and voided wagers to every agent above, never beside or another site', async () => {
    const sub = await stream(await logIn(ctx.app, 'AG1SUB', 'demo-sub'));
    const ag1 = await stream(await logIn(ctx.app, 'AG1', 'demo-agent'));
    const master = await stream(await logIn(ctx.app, 'MASTER', 'demo-master'));
    const beside = await stream(await logIn(ctx.app, 'AG2', 'demo-agent'));
    const site2Master = await stream(await logIn(ctx.app, 'MASTER2', 'demo-master', 2));

    const started = Date.now();
    const placed = await sent(site1, placeEvent('TICK-W1', 'PL1001'));
    const first = await sub.next();
    expect(Date.now() - started).toBeLessThan(2000);
    expect(first.item).toMatchObject({
      Kind: 'placed',
      IdWager: placed.Effect.IdWager,
      IdPlayer: ids.PL1001,
      Player: 'PL1001',
      IdAgent: ids.AG1SUB,
      Agent: 'AG1SUB',
      Path: [ids.AG1SUB],
      WagerType: 'straight',
      Sport: 'NFL',
      Risk: 1_100,
      ToWin: 1_000,
      Amount: 0,
      Result: 'open',
      FreePlay: false,
      RiskSite: 1_100,
    });
    expect(first.id).toBe(String(first.item.Id));
    const above = await ag1.next();
    expect(above.item).toEqual({ ...first.item, Path: [ids.AG1, ids.AG1SUB] });
    expect((await master.next()).item.Path).toEqual([ids.MASTER, ids.AG1, ids.AG1SUB]);

    await sent(site1, event('wager.graded', { Wager: 'TICK-W1', Result: 'win' }));
    await sent(site1, event('wager.voided', { Wager: 'TICK-W1' }));
    for (const s of [sub, ag1, master]) {
      const graded = (await s.next()).item;
      const voided = (await s.next()).item;
      expect(graded).toMatchObject({ Kind: 'graded', Result: 'win', Amount: 1_000 });
      expect(voided).toMatchObject({ Kind: 'voided', Amount: 0 });
      expect(first.item.Id < graded.Id && graded.Id < voided.Id).toBe(true);
    }

    // The agent beside and the other site heard none of it: their next is their own player's.
    await sent(site1, placeEvent('TICK-W2', 'TICKAG2'));
    await sent(site2, placeEvent('TICK-W3', 'TICKSITE2', 500, 'TICK-G3'));
    expect((await beside.next()).item).toMatchObject({ Player: 'TICKAG2', Path: [ids.AG2] });
    expect((await site2Master.next()).item).toMatchObject({ Player: 'TICKSITE2' });
    expect((await master.next()).item).toMatchObject({ Player: 'TICKAG2' });
    await silent(sub.next);
    await silent(beside.next, 300);
    await silent(site2Master.next, 300);
  });

  it('resumes after a disconnect with exactly the activity missed, none twice', async () => {
    const ag1 = await logIn(ctx.app, 'AG1', 'demo-agent');
    const first = await stream(ag1);
    await sent(site1, placeEvent('TICK-R1', 'PL1001'));
    const seen = (await first.next()).item;
    first.abort();

    await sent(site1, placeEvent('TICK-R2', 'PL1001'));
    await sent(site1, placeEvent('TICK-R3', 'TICKAG2'));
    await sent(site1, event('wager.graded', { Wager: 'TICK-R2', Result: 'loss' }));
    await sent(site1, placeEvent('TICK-R4', 'PL1001'));

    const resumed = await stream(ag1, seen.Id);
    const missed = [(await resumed.next()).item, (await resumed.next()).item];
    expect(missed.map((i) => [i.Kind, i.Ticket.length > 0, i.Player])).toEqual([
      ['placed', true, 'PL1001'],
      ['graded', true, 'PL1001'],
    ]);
    expect(missed[1]).toMatchObject({ Result: 'loss', Amount: -1_100 });
    expect((await resumed.next()).item).toMatchObject({ Kind: 'placed', Player: 'PL1001' });
    // What comes next is new, once.
    await sent(site1, placeEvent('TICK-R5', 'PL1001'));
    const fresh = (await resumed.next()).item;
    expect(fresh.Id).toBeGreaterThan(seen.Id);
    await silent(resumed.next);

    // The Last-Event-ID header resumes the same way; GetLive lists the same ids.
    const { res } = await other.open(urlOf(api.liveStream, { ticket: await ticket(ag1) }), {
      'last-event-id': String(seen.Id),
    });
    const again = wagerReader(res.body!);
    const replayed = [];
    for (let i = 0; i < 4; i++) replayed.push((await again()).item.Id);
    const listed = ok<{ Items: LiveItem[] }>(await call(ctx.app, api.getLive, ag1, { body: {} }))
      .Items.filter((i) => i.Id > seen.Id)
      .map((i) => i.Id);
    expect(replayed).toEqual([...listed].reverse());
    expect(new Set(replayed).size).toBe(4);
    await silent(again, 500);
  });

  // Two transactions at once need two connections: PostgreSQL only (PGlite has one).
  it.runIf(onPostgres)('sends an id that commits after a higher one, once', async () => {
    const ag1 = await logIn(ctx.app, 'AG1', 'demo-agent');
    const { next } = await stream(ag1);
    const log = (ex: Pick<typeof ctx.database.db, 'execute'>) =>
      ex.execute(
        sql`insert into wager_activity (site_id, agent_id, player_id, wager_id, kind, at)
            select site_id, agent_id, player_id, id, 'placed', placed_at from wagers
            where player_id = ${ids.PL1001} order by id limit 1 returning id`,
      ) as unknown as Promise<{ rows: { id: string }[] }>;
    const { promise: held, resolve: release } = Promise.withResolvers<void>();
    const { promise: taken, resolve: took } = Promise.withResolvers<number>();
    const late = ctx.database.db.transaction(async (tx) => {
      took(Number((await log(tx)).rows[0]!.id));
      await held;
    });
    const lowId = await taken;
    const highId = Number((await log(ctx.database.db)).rows[0]!.id);
    expect(highId).toBeGreaterThan(lowId);
    expect((await next()).item.Id).toBe(highId);
    release();
    await late;
    expect((await next()).item.Id).toBe(lowId);
    await silent(next);
  });

  it('tells a stream resumed after too long a gap to read the list again', async () => {
    const ag1 = await logIn(ctx.app, 'AG1', 'demo-agent');
    const from = ok<{ LastId: number }>(await call(ctx.app, api.getLive, ag1, { body: {} })).LastId;
    // More activity than a stream replays (LIVE_RESUME_LIMIT), written as the trigger writes it.
    await ctx.database.db.execute(
      sql`insert into wager_activity (site_id, agent_id, player_id, wager_id, kind, at)
          select w.site_id, w.agent_id, w.player_id, w.id, 'placed', w.placed_at
          from wagers w cross join generate_series(1, ${LIVE_RESUME_LIMIT + 1})
          where w.player_id = ${ids.PL1001} order by w.id desc limit ${LIVE_RESUME_LIMIT + 1}`,
    );
    const { res, abort } = await other.open(
      urlOf(api.liveStream, { ticket: await ticket(ag1), after: from }),
    );
    const next = eventReader(res.body!);
    let first = await next(4000);
    while (first.event === 'heartbeat') first = await next(4000);
    expect(first).toMatchObject({ event: 'reset', data: { After: from } });
    abort();
  });

  it('sends the view agent’s subtree to an agent acting for a sub-agent', async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const asAg2 = await stream(actingAs(master, ids.AG2!));
    await sent(site1, placeEvent('TICK-A1', 'PL1001'));
    await sent(site1, placeEvent('TICK-A2', 'TICKAG2'));
    expect((await asAg2.next()).item).toMatchObject({ Player: 'TICKAG2', Path: [ids.AG2] });
  });

  it('answers the latest activity newest first, with filters and the big threshold', async () => {
    const ag1 = await logIn(ctx.app, 'AG1', 'demo-agent');
    await sent(site1, placeEvent('TICK-F1', 'PL1001', 40_000, 'TICK-G2'));
    const get = async (body: object) =>
      ok<{ Items: LiveItem[]; BigRisk: number; LastId: number; SiteCurrency: string }>(
        await call(ctx.app, api.getLive, ag1, { body }),
      );
    const all = await get({});
    expect(all.Items.length).toBeGreaterThan(5);
    const order = all.Items.map((i) => i.Id);
    expect(order).toEqual([...order].sort((a, b) => b - a));
    expect(all.LastId).toBeGreaterThanOrEqual(order[0]!);
    expect(all.Items.every((i) => i.Path[0] === ids.AG1)).toBe(true);
    expect(all.Items.some((i) => i.Player === 'TICKAG2')).toBe(false);
    expect(all.BigRisk).toBe(100_000);
    expect(all.SiteCurrency).toBe('USD');

    const nba = await get({ sport: 'NBA' });
    expect(nba.Items.map((i) => i.Ticket.length > 0 && i.Sport)).toEqual(['NBA']);
    expect((await get({ minRisk: 30_000 })).Items.map((i) => i.Risk)).toEqual([40_000]);
    expect((await get({ limit: 2 })).Items.map((i) => i.Id)).toEqual(order.slice(0, 2));
    expect((await get({ wagerType: 'parlay', idPlayer: ids.PL1001 })).Items).toEqual(
      all.Items.filter((i) => i.WagerType === 'parlay' && i.IdPlayer === ids.PL1001),
    );
    const underSub = await get({ idAgent: ids.AG1SUB });
    expect(underSub.Items.every((i) => i.Path.includes(ids.AG1SUB!))).toBe(true);
    expect(underSub.Items.length).toBeGreaterThan(0);

    expect((await get({ only: 'watched' })).Items).toEqual([]);
    await ctx.database.db.execute(sql`update players set watched = true where id = ${ids.PL1001}`);
    const watched = await get({ only: 'flagged' });
    expect(watched.Items.length).toBeGreaterThan(0);
    expect(watched.Items.every((i) => i.Watched && i.IdPlayer === ids.PL1001)).toBe(true);
    expect((await get({ only: 'sharp' })).Items.every((i) => i.Sharp)).toBe(true);

    // The threshold is the nearest alert setting's, the agent's own first.
    const setting = (agentId: number, risk: number) =>
      ctx.database.db.execute(
        sql`insert into alert_settings (agent_id, site_id, wager_risk, updated_by, updated_at)
            values (${agentId}, 1, ${risk}, 'test', now())
            on conflict (agent_id) do update set wager_risk = excluded.wager_risk`,
      );
    await setting(ids.MASTER!, 50_000);
    expect((await get({})).BigRisk).toBe(50_000);
    await setting(ids.AG1!, 70_000);
    expect((await get({})).BigRisk).toBe(70_000);
  });

  it('refuses a bad input, a stranger, a missing right and another tree', async () => {
    const ag1 = await logIn(ctx.app, 'AG1', 'demo-agent');
    const code = (res: { statusCode: number; json(): unknown }, status: number, c: string) => {
      expect(res.statusCode).toBe(status);
      expect(res.json()).toMatchObject({ Code: c });
    };
    const bad = await call(ctx.app, api.getLive, ag1, { body: { sport: 'CHESS', minRisk: -1 } });
    expect(bad.statusCode).toBe(400);
    expect((await call(ctx.app, api.getLive, ag1, { body: { limit: 201 } })).statusCode).toBe(400);
    const badId = await fetch(`${base}${urlOf(api.liveStream, { ticket: 'x', after: 'abc' })}`);
    expect(badId.status).toBe(400);

    const stranger = await anonymous(ctx.app);
    code(await call(ctx.app, api.getLive, stranger, { body: {} }), 401, 'unauthorized');
    code(await call(ctx.app, api.liveStreamTicket, stranger), 401, 'unauthorized');
    for (const t of [undefined, 'not-a-ticket']) {
      const res = await fetch(`${base}${urlOf(api.liveStream, { ticket: t })}`);
      expect(res.status).toBe(401);
    }
    // A ticket opens one stream once, and a notification ticket opens no ticker.
    const once = await ticket(ag1);
    expect((await other.open(urlOf(api.liveStream, { ticket: once }))).res.status).toBe(200);
    expect((await fetch(`${base}${urlOf(api.liveStream, { ticket: once })}`)).status).toBe(401);
    const note = ok<{ Ticket: string }>(await call(ctx.app, api.notificationStreamTicket, ag1));
    expect((await fetch(`${base}${urlOf(api.liveStream, { ticket: note.Ticket })}`)).status).toBe(
      401,
    );
    // A player is not an agent.
    const player = await logIn(ctx.app, 'PL1001', 'demo-player');
    code(await call(ctx.app, api.getLive, player, { body: {} }), 403, 'agents_only');

    // Another agent's subtree or player: answered as one that does not exist.
    code(
      await call(ctx.app, api.getLive, ag1, { body: { idAgent: ids.AG2 } }),
      404,
      'agent_not_found',
    );
    const beside = await idOf(ctx.database, 'players', 'TICKAG2');
    code(
      await call(ctx.app, api.getLive, ag1, { body: { idPlayer: beside } }),
      404,
      'player_not_found',
    );
    // Another site's master sees nothing of site 1.
    const master2 = await logIn(ctx.app, 'MASTER2', 'demo-master', 2);
    const theirs = ok<{ Items: LiveItem[] }>(
      await call(ctx.app, api.getLive, master2, { body: {} }),
    );
    expect(theirs.Items.map((i) => i.Player)).toEqual(['TICKSITE2']);

    // Without viewReports: neither the list nor a ticket.
    await ctx.database.db.execute(
      sql`update agents set rights = array_remove(rights, 'viewReports') where id = ${ids.AG2}`,
    );
    try {
      const ag2 = await logIn(ctx.app, 'AG2', 'demo-agent');
      code(await call(ctx.app, api.getLive, ag2, { body: {} }), 403, 'right_required');
      code(await call(ctx.app, api.liveStreamTicket, ag2), 403, 'right_required');
    } finally {
      await ctx.database.db.execute(
        sql`update agents set rights = array_append(rights, 'viewReports') where id = ${ids.AG2}`,
      );
    }
  });
});
