import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { api, type Notification, type NotificationList } from '@backline/contract';
import { queryRows } from '../src/db/query.ts';
import { buildApp } from '../src/app.ts';
import { actingAs, call, logIn, testClock, urlOf, useTestApp, type Caller } from './helpers.ts';
import { idOf } from './db-helpers.ts';
import { eventReader } from './sse-reader.ts';

const ctx = useTestApp();

async function list(caller: Caller, seen = false): Promise<NotificationList> {
  const e = seen ? api.getSeenNotificationByAgentId : api.getNotificationByAgentId;
  const res = await call(ctx.app, e, caller);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as NotificationList;
}

const ids = (l: NotificationList) => l.Notifications.map((n) => n.IdNotification);

async function send(
  caller: Caller,
  body: { idAgent?: number; includeSubtree?: boolean; Title?: string; Body?: string },
) {
  return call(ctx.app, api.insertNotification, caller, {
    body: { Title: 'Test', Body: 'A message from the tests', includeSubtree: false, ...body },
  });
}

async function sent(caller: Caller, body: Parameters<typeof send>[1]): Promise<Notification> {
  const res = await send(caller, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Notification;
}

/** Whom each notification of the site reaches, computed independently with a recursive walk. */
async function addressedIds(login: string, seen: boolean): Promise<number[]> {
  const agentId = await idOf(ctx.database, 'agents', login);
  const rows = await queryRows<{ id: number }>(
    ctx.database.db,
    sql`with recursive up as (
          select id, parent_id from agents where id = ${agentId}
          union all select a.id, a.parent_id from agents a join up on a.id = up.parent_id)
        select n.id from notifications n
        where n.site_id = (select site_id from agents where id = ${agentId})
          and (n.agent_id is null or n.agent_id = ${agentId}
               or (n.include_subtree and n.agent_id in (select id from up)))
          and ${seen ? sql`` : sql`not`} exists (select 1 from notification_views v
                      where v.notification_id = n.id and v.agent_id = ${agentId})
        order by n.created_at desc, n.id desc`,
  );
  return rows.map((r) => r.id);
}

async function views(notificationId: number): Promise<string[]> {
  const rows = await queryRows<{ login: string }>(
    ctx.database.db,
    sql`select a.login from notification_views v join agents a on a.id = v.agent_id
        where v.notification_id = ${notificationId} order by a.login`,
  );
  return rows.map((r) => r.login);
}

describe('notification lists', () => {
  it('give each agent exactly what addresses it, unseen and seen, newest first', async () => {
    for (const [login, password] of [
      ['AG1SUB', 'demo-sub'],
      ['AG2', 'demo-agent'],
      ['MASTER', 'demo-master'],
    ] as const) {
      const caller = await logIn(ctx.app, login, password);
      const unseen = await list(caller);
      const seen = await list(caller, true);
      expect(ids(unseen), login).toEqual(await addressedIds(login, false));
      expect(ids(seen), login).toEqual(await addressedIds(login, true));
      expect(unseen.Total).toBe(unseen.Notifications.length);
      expect(unseen.Notifications.every((n) => n.SeenAt === null)).toBe(true);
      expect(seen.Notifications.every((n) => n.SeenAt !== null)).toBe(true);
    }
    const master2 = await logIn(ctx.app, 'MASTER2', 'demo-master', 2);
    const site1 = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`select id from notifications where site_id = 1`,
    );
    const theirs = [...ids(await list(master2)), ...ids(await list(master2, true))];
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.filter((id) => site1.some((r) => r.id === id))).toEqual([]);
  });

  it('acting as AG1SUB from MASTER shows AG1SUB\u2019s notifications', async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const sub = await logIn(ctx.app, 'AG1SUB', 'demo-sub');
    const acting = actingAs(master, await idOf(ctx.database, 'agents', 'AG1SUB'));
    expect(await list(acting)).toEqual(await list(sub));
    expect(await list(acting, true)).toEqual(await list(sub, true));
    expect(ids(await list(acting))).not.toEqual(ids(await list(master)));
    const ag1 = await logIn(ctx.app, 'AG1', 'demo-agent');
    const ag2Id = await idOf(ctx.database, 'agents', 'AG2');
    const refused = await call(ctx.app, api.getNotificationByAgentId, actingAs(ag1, ag2Id));
    expect(refused.statusCode).toBe(403);
  });
});

describe('marking as viewed', () => {
  it('moves one, then all, from unseen to seen for that agent only', async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const sub = await logIn(ctx.app, 'AG1SUB', 'demo-sub');
    const ag1 = await logIn(ctx.app, 'AG1', 'demo-agent');
    const everyone = await sent(master, { Title: 'Site-wide' });
    expect(everyone).toMatchObject({ Scope: 'site', IdAgent: null, From: 'Demo Master' });
    expect(ids(await list(sub))).toContain(everyone.IdNotification);
    expect(ids(await list(ag1))).toContain(everyone.IdNotification);

    const before = await list(sub);
    const one = await call(ctx.app, api.markNotificationAsView, sub, {
      query: { idNotification: everyone.IdNotification },
    });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toEqual({ Ok: true, Unseen: before.Total - 1 });
    expect(ids(await list(sub))).not.toContain(everyone.IdNotification);
    const seen = await list(sub, true);
    expect(ids(seen)[0]).toBe(everyone.IdNotification);
    expect(seen.Notifications[0]!.SeenAt).not.toBeNull();
    // The same site-wide notification is still unseen for every other agent it reaches.
    expect(ids(await list(ag1))).toContain(everyone.IdNotification);
    expect(await views(everyone.IdNotification)).toEqual(['AG1SUB']);

    const again = await call(ctx.app, api.markNotificationAsView, sub, {
      query: { idNotification: everyone.IdNotification },
    });
    expect(again.statusCode).toBe(200);
    expect(await views(everyone.IdNotification)).toEqual(['AG1SUB']);

    const ag1Unseen = ids(await list(ag1));
    const all = await call(ctx.app, api.markAllNotificationsAsView, sub);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toEqual({ Ok: true, Marked: before.Total - 1, Unseen: 0 });
    expect(await list(sub)).toEqual({ Notifications: [], Total: 0 });
    expect(ids(await list(sub, true))).toEqual(await addressedIds('AG1SUB', true));
    expect(ids(await list(sub, true))).toEqual(expect.arrayContaining(ids(before)));
    expect(ids(await list(ag1))).toEqual(ag1Unseen);
  });

  it('marks for the agent acted for, not the one signed in', async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const ag1Id = await idOf(ctx.database, 'agents', 'AG1');
    const note = await sent(master, { idAgent: ag1Id, includeSubtree: true });
    const res = await call(ctx.app, api.markNotificationAsView, actingAs(master, ag1Id), {
      query: { idNotification: note.IdNotification },
    });
    expect(res.statusCode).toBe(200);
    expect(await views(note.IdNotification)).toEqual(['AG1']);
  });

  it('refuses another agent\u2019s notification and changes nothing; 400 for a bad id', async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const ag1 = await logIn(ctx.app, 'AG1', 'demo-agent');
    const ag2 = await logIn(ctx.app, 'AG2', 'demo-agent');
    const toAg2 = await sent(master, { idAgent: await idOf(ctx.database, 'agents', 'AG2') });
    const toMaster = await sent(master, { idAgent: await idOf(ctx.database, 'agents', 'MASTER') });
    const mark = (caller: Caller, idNotification: unknown) =>
      call(ctx.app, api.markNotificationAsView, caller, { query: { idNotification } });

    for (const note of [toAg2, toMaster]) {
      const res = await mark(ag1, note.IdNotification);
      expect([403, 404]).toContain(res.statusCode);
      expect(await views(note.IdNotification)).toEqual([]);
    }
    expect(ids(await list(ag2))).toContain(toAg2.IdNotification);
    const master2 = await logIn(ctx.app, 'MASTER2', 'demo-master', 2);
    expect([403, 404]).toContain((await mark(master2, toAg2.IdNotification)).statusCode);
    expect((await mark(ag1, 2_000_000_000)).statusCode).toBe(404);
    // Marking all touches only what addresses the caller.
    await call(ctx.app, api.markAllNotificationsAsView, ag1);
    expect(await views(toAg2.IdNotification)).toEqual([]);
    for (const bad of ['abc', 0, -1, '']) expect((await mark(ag1, bad)).statusCode).toBe(400);
  });
});

describe('AgentSiteFrames/InsertNotification', () => {
  it('reaches one agent, or an agent and its subtree, never beyond', async () => {
    const ag1 = await logIn(ctx.app, 'AG1', 'demo-agent');
    const logins = ['MASTER', 'AG1', 'AG1SUB', 'AG1SUBA', 'AG1SUB2', 'AG2', 'AG2SUB'] as const;
    const reached = async (id: number) => {
      const out: string[] = [];
      for (const login of logins)
        if ((await addressedIds(login, false)).includes(id)) out.push(login);
      return out;
    };
    const subId = await idOf(ctx.database, 'agents', 'AG1SUB');
    const one = await sent(ag1, { idAgent: subId });
    expect(one).toMatchObject({ Scope: 'agent', IdAgent: subId, From: 'Agent One' });
    expect(await reached(one.IdNotification)).toEqual(['AG1SUB']);
    const tree = await sent(ag1, { idAgent: subId, includeSubtree: true });
    expect(tree.Scope).toBe('subtree');
    expect(await reached(tree.IdNotification)).toEqual(['AG1SUB', 'AG1SUBA']);
    const mine = await sent(ag1, {
      idAgent: await idOf(ctx.database, 'agents', 'AG1'),
      includeSubtree: true,
    });
    expect(await reached(mine.IdNotification)).toEqual(['AG1', 'AG1SUB', 'AG1SUBA', 'AG1SUB2']);

    const sub = await logIn(ctx.app, 'AG1SUB', 'demo-sub');
    expect(ids(await list(sub))).toEqual(
      expect.arrayContaining([one.IdNotification, tree.IdNotification, mine.IdNotification]),
    );
    const audit = await queryRows<{ actor_id: number }>(
      ctx.database.db,
      sql`select actor_id from audit_log
          where action = 'notification.insert' and target_id = ${one.IdNotification}`,
    );
    expect(audit).toEqual([{ actor_id: await idOf(ctx.database, 'agents', 'AG1') }]);
  });

  it('refuses agents outside the subtree, the whole site below the master, and no right', async () => {
    const ag1 = await logIn(ctx.app, 'AG1', 'demo-agent');
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const sub = await logIn(ctx.app, 'AG1SUB', 'demo-sub');
    const ag2Id = await idOf(ctx.database, 'agents', 'AG2');
    const ag1Id = await idOf(ctx.database, 'agents', 'AG1');
    const [{ count: before }] = (await queryRows<{ count: number }>(
      ctx.database.db,
      sql`select count(*)::int as count from notifications`,
    )) as [{ count: number }];

    expect((await send(ag1, { idAgent: ag2Id })).statusCode).toBe(404);
    expect((await send(ag1, { idAgent: ag2Id, includeSubtree: true })).statusCode).toBe(404);
    expect((await send(ag1, {})).statusCode).toBe(403);
    expect((await send(actingAs(master, ag1Id), {})).statusCode).toBe(403);
    expect(
      (await send(sub, { idAgent: await idOf(ctx.database, 'agents', 'AG1SUBA') })).statusCode,
    ).toBe(403);
    const master2 = await logIn(ctx.app, 'MASTER2', 'demo-master', 2);
    expect((await send(master2, { idAgent: ag1Id })).statusCode).toBe(404);
    expect((await send(master, { Title: '  ' })).statusCode).toBe(400);
    expect((await send(master, { Body: 'x'.repeat(2001) })).statusCode).toBe(400);

    const [{ count: after }] = (await queryRows<{ count: number }>(
      ctx.database.db,
      sql`select count(*)::int as count from notifications`,
    )) as [{ count: number }];
    expect(after).toBe(before);
  });
});

describe('AgentSiteFrames/NotificationStream', () => {
  const opened: FastifyInstance[] = [];
  afterAll(async () => {
    for (const app of opened) await app.close();
  });

  async function listening(app: FastifyInstance): Promise<string> {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    return address;
  }

  async function ticket(caller: Caller): Promise<string> {
    const res = await call(ctx.app, api.notificationStreamTicket, caller);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { Ticket: string; ExpiresAt: string };
    expect(Date.parse(body.ExpiresAt) - testClock().getTime()).toBeLessThanOrEqual(60_000);
    return body.Ticket;
  }

  it('pushes a new notification within 2 s, through another server process', async () => {
    // A second app on the same database stands for another process: it learns of the insert only
    // through the database.
    const other = await buildApp({ config: ctx.config, database: ctx.database, now: testClock });
    opened.push(other);
    const base = await listening(other);
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const sub = await logIn(ctx.app, 'AG1SUB', 'demo-sub');
    const subId = await idOf(ctx.database, 'agents', 'AG1SUB');
    const unseen = (await list(sub)).Total;

    const t = await ticket(sub);
    const abort = new AbortController();
    const res = await fetch(`${base}${urlOf(api.notificationStream, { ticket: t })}`, {
      signal: abort.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const next = eventReader(res.body!);
    expect(await next(2000)).toEqual({ event: 'count', data: { Unseen: unseen }, id: undefined });

    // Not addressed to AG1SUB: never arrives.
    await sent(master, { idAgent: await idOf(ctx.database, 'agents', 'AG2') });
    const started = Date.now();
    const note = await sent(master, { idAgent: subId, Title: 'Live' });
    const pushed = await next(2000);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(pushed).toEqual({ event: 'notification', data: note, id: String(note.IdNotification) });
    expect(await next(2000)).toEqual({ event: 'count', data: { Unseen: unseen + 1 } });

    // A site-wide one reaches it too.
    const everyone = await sent(master, { Title: 'Everyone' });
    expect((await next(2000)).data).toEqual(everyone);
    abort.abort();

    // A ticket opens one stream only; no ticket opens none.
    const reused = await fetch(`${base}${urlOf(api.notificationStream, { ticket: t })}`);
    expect(reused.status).toBe(401);
    expect(((await reused.json()) as { Code: string }).Code).toBe('stream_ticket_invalid');
    const none = await fetch(`${base}${urlOf(api.notificationStream)}`);
    expect(none.status).toBe(401);
    const forged = await fetch(
      `${base}${urlOf(api.notificationStream, { ticket: 'x'.repeat(43) })}`,
    );
    expect(forged.status).toBe(401);
  });

  it('catches up after a drop and follows the agent acted for', async () => {
    const base = await listening(ctx.app);
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const ag1Id = await idOf(ctx.database, 'agents', 'AG1');
    const acting = actingAs(master, ag1Id);
    const missed = await sent(master, { idAgent: ag1Id });
    const lastEventId = missed.IdNotification - 1;
    const abort = new AbortController();
    const res = await fetch(
      `${base}${urlOf(api.notificationStream, { ticket: await ticket(acting), lastEventId })}`,
      { signal: abort.signal },
    );
    const next = eventReader(res.body!);
    expect(await next(2000)).toMatchObject({ event: 'notification', data: missed });
    expect((await next(2000)).event).toBe('count');
    const toMaster = await sent(master, { idAgent: await idOf(ctx.database, 'agents', 'MASTER') });
    const toAg1 = await sent(master, { idAgent: ag1Id });
    const pushed = await next(2000);
    expect(pushed.data).toEqual(toAg1);
    expect(pushed.data).not.toEqual(toMaster);
    abort.abort();
  });

  it('refuses a ticket to players and to callers without a session', async () => {
    const player = await logIn(ctx.app, 'PL1001', 'demo-player');
    expect((await call(ctx.app, api.notificationStreamTicket, player)).statusCode).toBe(403);
    const nobody = await call(ctx.app, api.notificationStreamTicket, { csrf: player.csrf });
    expect(nobody.statusCode).toBe(401);
  });
});
