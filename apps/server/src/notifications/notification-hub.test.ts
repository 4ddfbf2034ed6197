import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../db/open-database.ts';
import { queryRows } from '../db/query.ts';
import { notifications, sessions, sites } from '../db/schema.ts';
import { createAgent } from '../agents/agent-closure.ts';
import {
  createNotificationHub,
  type NotificationHub,
  type StreamSink,
} from './notification-hub.ts';

let database: Database;
let siteId: number;
let master: number;
let child: number;
let grandchild: number;
let sessionId: number;
const hubs: NotificationHub[] = [];

beforeAll(async () => {
  database = await openDatabase({});
  const { db } = database;
  const [site] = await db
    .insert(sites)
    .values({ name: 'One', timeZone: 'UTC', currency: 'USD' })
    .returning();
  siteId = site!.id;
  const agent = async (login: string, parentId: number | null) =>
    (
      await createAgent(db, {
        siteId,
        parentId,
        login,
        name: login,
        email: `${login}@test.example`,
        passwordHash: null,
        currency: 'USD',
        rights: [],
      })
    ).id;
  master = await agent('M', null);
  child = await agent('C', master);
  grandchild = await agent('G', child);
  const far = new Date(Date.now() + 3_600_000);
  const [session] = await db
    .insert(sessions)
    .values({
      tokenHash: 'x',
      siteId,
      kind: 'agent',
      agentId: grandchild,
      principal: 'g@test.example',
      idleExpiresAt: far,
      absoluteExpiresAt: far,
      csrfToken: 'c',
    })
    .returning();
  sessionId = session!.id;
}, 60_000);
afterEach(() => {
  for (const hub of hubs.splice(0)) hub.close();
});
afterAll(() => database.close());

function hub(opts: { heartbeatMs?: number } = {}) {
  const h = createNotificationHub({
    db: database.db,
    channels: database.channels,
    pollMs: 50,
    ...opts,
  });
  hubs.push(h);
  return h;
}

function sink(agentId: number) {
  const events: { event: string; data: unknown; id?: number }[] = [];
  let ended = false;
  const s: StreamSink = {
    siteId,
    agentId,
    sessionId,
    send: (event, data, id) => events.push({ event, data, ...(id === undefined ? {} : { id }) }),
    end: () => {
      ended = true;
    },
  };
  return { s, events, ended: () => ended };
}

async function notify(agentId: number | null, includeSubtree = false, id?: number) {
  const [row] = await database.db
    .insert(notifications)
    .values({ ...(id ? { id } : {}), siteId, agentId, includeSubtree, title: 'T', body: 'B' })
    .returning({ id: notifications.id });
  return row!.id;
}

const until = async (check: () => boolean, ms = 2000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

const pushed = (events: { event: string; id?: number }[]) =>
  events.filter((e) => e.event === 'notification').map((e) => e.id);

describe('notification hub', () => {
  it('pushes what addresses each stream, once, with the unseen count', async () => {
    const h = hub();
    const g = sink(grandchild);
    const m = sink(master);
    await h.subscribe(g.s);
    await h.subscribe(m.s);
    expect(g.events[0]).toEqual({ event: 'count', data: { Unseen: 0 } });

    const toChild = await notify(child);
    const toChildTree = await notify(child, true);
    const toAll = await notify(null);
    // The count follows each push; on a busy machine it may take longer than the 200 ms below.
    await until(
      () =>
        pushed(g.events).length === 2 &&
        pushed(m.events).length === 1 &&
        g.events.at(-1)?.event === 'count',
    );
    await new Promise((r) => setTimeout(r, 200));
    expect(pushed(g.events)).toEqual([toChildTree, toAll]);
    expect(pushed(m.events)).toEqual([toAll]);
    expect(pushed(g.events)).not.toContain(toChild);
    expect(g.events.at(-1)).toEqual({ event: 'count', data: { Unseen: 2 } });
  });

  it('finds an insert that committed after a higher id was already seen', async () => {
    const h = hub();
    const g = sink(grandchild);
    await h.subscribe(g.s);
    const [{ id: reserved }] = (await queryRows<{ id: number }>(
      database.db,
      sql`select nextval(pg_get_serial_sequence('notifications', 'id'))::int as id`,
    )) as [{ id: number }];
    const later = await notify(grandchild);
    await until(() => pushed(g.events).includes(later));
    await notify(grandchild, false, reserved);
    await until(() => pushed(g.events).includes(reserved));
  });

  it('catches a reconnecting stream up on what it missed', async () => {
    const before = await notify(grandchild);
    const missed = await notify(grandchild);
    const h = hub();
    const g = sink(grandchild);
    await h.subscribe(g.s, before);
    expect(pushed(g.events)).toEqual([missed]);
  });

  it('stops polling when the last stream leaves, and ends streams whose session ended', async () => {
    const h = hub({ heartbeatMs: 100 });
    const g = sink(grandchild);
    const remove = await h.subscribe(g.s);
    expect(h.size).toBe(1);
    remove();
    expect(h.size).toBe(0);

    const again = sink(grandchild);
    const removeAgain = await h.subscribe(again.s);
    await until(() => again.events.some((e) => e.event === 'heartbeat'));
    await database.db.execute(sql`update sessions set revoked_at = now() where id = ${sessionId}`);
    await until(again.ended);
    removeAgain();
    await database.db.execute(sql`update sessions set revoked_at = null where id = ${sessionId}`);
  });
});
