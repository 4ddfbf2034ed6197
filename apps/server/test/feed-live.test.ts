// Live figures (issue 15 item 8): an applied platform event reaches the streams of the agents above
// its player, through another server process, after its commit; never a duplicate or a refused
// event, never an agent beside or another site.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, NotificationFeedEvent } from '@backline/contract';
import { idOf } from './db-helpers.ts';
import type { FeedKey } from './security/feed-send.ts';
import { eventReader } from './sse-reader.ts';
import { actingAs, call, logIn, urlOf, useTestApp, type Caller } from './helpers.ts';
import { liveFeed, startOtherProcess, type OtherProcess } from './live-feed.ts';

const ctx = useTestApp();
const { event, sent } = liveFeed(ctx, 'live');

/** The `feed` events of a stream, in order; the rest (count, heartbeat) passed over. */
function feedReader(body: ReadableStream<Uint8Array>) {
  const next = eventReader(body);
  return async function nextFeed(timeoutMs = 3000): Promise<NotificationFeedEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const e = await next(Math.max(1, deadline - Date.now()));
      if (e.event !== 'feed') continue;
      expect(e.id).toBeUndefined();
      return NotificationFeedEvent.parse(e.data);
    }
  };
}

describe('live platform events on the notification stream', () => {
  let other: OtherProcess;
  let site1: FeedKey;
  let site2: FeedKey;

  beforeAll(async () => {
    other = await startOtherProcess(ctx, 'live');
    ({ site1, site2 } = other);
    await sent(
      site1,
      event('game.created', {
        Game: 'LIVE-G1',
        Sport: 'NFL',
        League: 'NFL',
        Home: 'Home',
        Away: 'Away',
        StartsAt: '2026-11-22T18:00:00Z',
      }),
    );
    await sent(
      site1,
      event('player.created', { Player: 'LIVEAG2', Agent: 'AG2', Name: 'Beside', CreditLimit: 0 }),
    );
    await sent(
      site2,
      event('player.created', {
        Player: 'LIVESITE2',
        Agent: 'MASTER2',
        Name: 'Other site',
        CreditLimit: 0,
      }),
    );
  });
  afterAll(() => other?.close());

  async function stream(caller: Caller) {
    const ticket = await call(ctx.app, api.notificationStreamTicket, caller);
    expect(ticket.statusCode, ticket.body).toBe(200);
    const url = urlOf(api.notificationStream, {
      ticket: (ticket.json() as { Ticket: string }).Ticket,
    });
    const { res } = await other.open(url);
    expect(res.status).toBe(200);
    return feedReader(res.body!);
  }

  it('pushes wagers, results and payments to every agent above the player, once each', async () => {
    const sub = await stream(await logIn(ctx.app, 'AG1SUB', 'demo-sub'));
    const master = await stream(await logIn(ctx.app, 'MASTER', 'demo-master'));
    const beside = await stream(await logIn(ctx.app, 'AG2', 'demo-agent'));
    const subId = await idOf(ctx.database, 'agents', 'AG1SUB');
    const playerId = await idOf(ctx.database, 'players', 'PL1001');

    const place = event('wager.placed', {
      Wager: 'LIVE-W1',
      Player: 'PL1001',
      WagerType: 'straight',
      Risk: 1_100,
      ToWin: 1_000,
      Legs: [{ Game: 'LIVE-G1', Market: 'moneyline', Selection: 'Home', Odds: -110 }],
    });
    const started = Date.now();
    const placed = await sent(site1, place);
    const seen = await sub();
    expect(Date.now() - started).toBeLessThan(2000);
    expect(seen).toEqual({
      Type: 'wager.placed',
      Player: 'PL1001',
      IdPlayer: playerId,
      IdAgent: subId,
      IdWager: placed.Effect.IdWager,
      OccurredAt: place.OccurredAt,
    });
    expect(await master()).toEqual(seen);

    // A repeat changes nothing and says nothing; a refused event (a grade before its wager is
    // placed, its transaction rolled back) neither; nor does a player of another agent or site.
    expect((await sent(site1, place)).Outcome).toBe('duplicate');
    await sent(site1, event('wager.graded', { Wager: 'LIVE-NOPE', Result: 'win' }), 409);
    await sent(
      site2,
      event('payment.posted', { Player: 'LIVESITE2', Amount: 500, Method: 'cash' }),
    );
    await sent(
      site1,
      event('product.result', { Product: 'casino', Player: 'LIVEAG2', Amount: -2_500 }),
    );
    expect(await beside()).toMatchObject({ Type: 'product.result', Player: 'LIVEAG2' });

    await sent(site1, event('wager.graded', { Wager: 'LIVE-W1', Result: 'win' }));
    await sent(
      site1,
      event('product.result', { Product: 'horses', Player: 'PL1001', Amount: 700 }),
    );
    await sent(site1, event('payment.posted', { Player: 'PL1001', Amount: -300, Method: 'cash' }));
    await sent(site1, event('wager.voided', { Wager: 'LIVE-W1' }));
    const pl1001 = [
      ['wager.graded', 'PL1001', placed.Effect.IdWager],
      ['product.result', 'PL1001', null],
      ['payment.posted', 'PL1001', null],
      ['wager.voided', 'PL1001', placed.Effect.IdWager],
    ];
    // MASTER is above AG2 too; AG1SUB hears nothing of AG2's player, nor of site 2.
    const heard = async (next: () => Promise<NotificationFeedEvent>, count: number) => {
      const events = [];
      for (let i = 0; i < count; i++) events.push(await next());
      return events.map((e) => [e.Type, e.Player, e.IdWager]);
    };
    expect(await heard(sub, 4)).toEqual(pl1001);
    expect(await heard(master, 5)).toEqual([['product.result', 'LIVEAG2', null], ...pl1001]);
    // AG2's stream got its own player's result only: the next thing it hears is its next one.
    await sent(site1, event('payment.posted', { Player: 'LIVEAG2', Amount: 100, Method: 'cash' }));
    expect(await beside()).toMatchObject({ Type: 'payment.posted', Player: 'LIVEAG2' });
  });

  it('tells an agent acting for a sub-agent about that sub-agent’s players', async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const ag2 = await idOf(ctx.database, 'agents', 'AG2');
    const next = await stream(actingAs(master, ag2));
    await sent(site1, event('product.result', { Product: 'rbl', Player: 'PL1001', Amount: 50 }));
    await sent(site1, event('product.result', { Product: 'rbl', Player: 'LIVEAG2', Amount: 60 }));
    expect(await next()).toMatchObject({ Type: 'product.result', Player: 'LIVEAG2' });
  });
});
