// Sessions and log-in history (issue 20 items 3 and 4): a user lists and ends its own sessions, a
// parent a sub-agent's; an ended session is refused on its very next call; a password change ends
// the other sessions; every ending is audited; the log-in history by account, period and page.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  api,
  type AgentSessionList,
  type LoginHistory,
  type SessionList,
  type SessionsEnded,
} from '@backline/contract';
import { queryRows } from '../src/db/query.ts';
import { deviceHash, recordLogin, type LoginRecord } from '../src/auth/login-events-repository.ts';
import { lastMailText } from './security/world.ts';
import {
  anonymous,
  call,
  demoPasswords,
  logIn,
  ok,
  refused,
  urlOf,
  useTestApp,
  type Caller,
} from './helpers.ts';
import { idOf } from './db-helpers.ts';
import { TEST_SEED } from './seed-options.ts';

const NOW = TEST_SEED.now;
const ctx = useTestApp(
  { LOGIN_LIMIT_PER_ACCOUNT: '1000', LOGIN_LIMIT_PER_ADDRESS: '1000' },
  { now: () => new Date(NOW) },
);

const PASSWORDS = demoPasswords();

let addresses = 0;
/** A new session of the login, from an address of its own (10.20.0.n). */
const signIn = (login: string) =>
  logIn(
    ctx.app,
    login,
    PASSWORDS[login]!,
    login.startsWith('ES') ? 2 : 1,
    `10.20.0.${++addresses}`,
  );

const mine = async (c: Caller) => ok<SessionList>(await call(ctx.app, api.getMySessions, c));
const thisOf = async (c: Caller) => (await mine(c)).Sessions.find((s) => s.This)!.IdSession;
/** Whether the session still gets in: any agent or player call with its Token. */
const alive = async (c: Caller) => (await call(ctx.app, api.getMySessions, c)).statusCode === 200;

async function reasonOf(id: number) {
  const [row] = await queryRows<{ revoked_reason: string | null }>(
    ctx.database.db,
    sql`select revoked_reason from sessions where id = ${id}`,
  );
  return row?.revoked_reason;
}

async function auditsOf(action: string, targetId: number) {
  return queryRows<{ actor_id: number; details: { count: number } }>(
    ctx.database.db,
    sql`select actor_id, details from audit_log where action = ${action} and target_id = ${targetId}
        order by id`,
  );
}

/** Reading and ending the sessions of `idAgent` as `caller`: both refused with `status` and `code`. */
async function bothRefused(caller: Caller, idAgent: number, status: number, code: string) {
  refused(await call(ctx.app, api.getAgentSessions, caller, { query: { idAgent } }), status, code);
  refused(
    await call(ctx.app, api.endAgentSessions, caller, { body: { IdAgent: idAgent } }),
    status,
    code,
  );
}

describe('my sessions', () => {
  it('lists the live sessions with where and how each signed in, this one marked', async () => {
    const first = await signIn('AG3');
    const second = await signIn('AG3');
    const { Sessions } = await mine(second);
    expect(Sessions).toHaveLength(2);
    const [a, b] = Sessions;
    expect(Sessions.filter((s) => s.This)).toHaveLength(1);
    expect(Sessions.find((s) => s.This)!.Ip).toBe(second.ip);
    expect(Sessions.find((s) => !s.This)!.Ip).toBe(first.ip);
    for (const s of [a!, b!]) {
      expect(s.Method).toBe('password');
      expect(s.StartedAt).toBe(NOW.toISOString());
      expect(s.LastSeenAt).toBe(NOW.toISOString());
      expect(new Date(s.ExpiresAt).getTime()).toBeGreaterThan(NOW.getTime());
    }
    // The same list from the other session marks the other one.
    const fromFirst = await mine(first);
    expect(fromFirst.Sessions.find((s) => s.This)!.IdSession).toBe(
      Sessions.find((s) => !s.This)!.IdSession,
    );
  });

  it('ends one: its very next call is refused, the caller stays in, and it is audited', async () => {
    const keep = await signIn('AG2SUB');
    const gone = await signIn('AG2SUB');
    const goneId = await thisOf(gone);
    expect(await alive(gone)).toBe(true);
    expect(
      ok<SessionsEnded>(
        await call(ctx.app, api.endMySession, keep, { body: { IdSession: goneId } }),
      ),
    ).toEqual({ Ended: 1 });
    refused(await call(ctx.app, api.agentLogin, gone), 401, 'session_ended');
    expect(await alive(keep)).toBe(true);
    expect(await reasonOf(goneId)).toBe('ended');
    const agentId = await idOf(ctx.database, 'agents', 'AG2SUB');
    const rows = await auditsOf('session.ended', agentId);
    expect(rows.at(-1)).toMatchObject({ actor_id: agentId, details: { count: 1 } });
    // Ended already: answered as one that does not exist.
    refused(
      await call(ctx.app, api.endMySession, keep, { body: { IdSession: goneId } }),
      404,
      'session_not_found',
    );
  });

  it('never ends another account\u2019s session, on this site or another', async () => {
    const own = await signIn('AG1SUB2');
    const other = await signIn('AG1SUBA');
    const foreign = await signIn('ESAG1');
    for (const target of [other, foreign]) {
      const id = await thisOf(target);
      refused(
        await call(ctx.app, api.endMySession, own, { body: { IdSession: id } }),
        404,
        'session_not_found',
      );
      expect(await alive(target)).toBe(true);
    }
  });

  it('ends every other session and keeps this one', async () => {
    const a = await signIn('AG1SUBA');
    const b = await signIn('AG1SUBA');
    const here = await signIn('AG1SUBA');
    const before = (await mine(here)).Sessions.length;
    expect(before).toBeGreaterThanOrEqual(3);
    const ended = ok<SessionsEnded>(
      await call(ctx.app, api.endMyOtherSessions, here, { body: {} }),
    );
    expect(ended.Ended).toBe(before - 1);
    expect(await alive(a)).toBe(false);
    expect(await alive(b)).toBe(false);
    expect((await mine(here)).Sessions.map((s) => s.This)).toEqual([true]);
    const agentId = await idOf(ctx.database, 'agents', 'AG1SUBA');
    expect((await auditsOf('sessions.ended_others', agentId)).at(-1)!.details.count).toBe(
      before - 1,
    );
    // Nothing left to end: nothing ended, nothing audited.
    expect(
      ok<SessionsEnded>(await call(ctx.app, api.endMyOtherSessions, here, { body: {} })),
    ).toEqual({ Ended: 0 });
    expect(await auditsOf('sessions.ended_others', agentId)).toHaveLength(1);
  });

  it('works the same for a player', async () => {
    const a = await signIn('PL1001');
    const b = await signIn('PL1001');
    const list = await mine(b);
    expect(list.Sessions.length).toBeGreaterThanOrEqual(2);
    expect(list.Sessions.find((s) => s.This)!.Ip).toBe(b.ip);
    const ended = ok<SessionsEnded>(await call(ctx.app, api.endMyOtherSessions, b, { body: {} }));
    expect(ended.Ended).toBe(list.Sessions.length - 1);
    expect(await alive(a)).toBe(false);
    expect(await alive(b)).toBe(true);
  });

  it('refuses a caller without a session, and bad input', async () => {
    const anon = await anonymous(ctx.app);
    refused(await call(ctx.app, api.getMySessions, anon), 401, 'unauthorized');
    refused(await call(ctx.app, api.endMyOtherSessions, anon, { body: {} }), 401, 'unauthorized');
    const me = await signIn('AG3');
    for (const IdSession of ['abc', 0, -1, 2_147_483_648])
      expect((await call(ctx.app, api.endMySession, me, { body: { IdSession } })).statusCode).toBe(
        400,
      );
    expect((await call(ctx.app, api.endMySession, me, { body: {} })).statusCode).toBe(400);
  });
});

describe('a sub-agent\u2019s sessions', () => {
  it('are listed and all ended by an agent above with manageAgents', async () => {
    const sub1 = await signIn('AG1SUB');
    const sub2 = await signIn('AG1SUB');
    const parent = await signIn('AG1');
    const idAgent = await idOf(ctx.database, 'agents', 'AG1SUB');
    const list = ok<AgentSessionList>(
      await call(ctx.app, api.getAgentSessions, parent, { query: { idAgent } }),
    );
    expect(list.IdAgent).toBe(idAgent);
    expect(list.Agent).toBe('AG1SUB');
    expect(list.Sessions.map((s) => s.Ip)).toEqual(expect.arrayContaining([sub1.ip, sub2.ip]));
    expect(list.Sessions.every((s) => !s.This)).toBe(true);
    const ids = list.Sessions.map((s) => s.IdSession);

    const ended = ok<SessionsEnded>(
      await call(ctx.app, api.endAgentSessions, parent, { body: { IdAgent: idAgent } }),
    );
    expect(ended.Ended).toBe(ids.length);
    refused(await call(ctx.app, api.agentLogin, sub1), 401, 'session_ended');
    refused(await call(ctx.app, api.agentLogin, sub2), 401, 'session_ended');
    expect(await alive(parent)).toBe(true);
    for (const id of ids) expect(await reasonOf(id)).toBe('ended_by_parent');
    const parentId = await idOf(ctx.database, 'agents', 'AG1');
    expect((await auditsOf('sessions.ended_by_parent', idAgent)).at(-1)).toMatchObject({
      actor_id: parentId,
      details: { count: ids.length },
    });
    // A grandchild too: the whole subtree is the parent's.
    await signIn('AG1SUBA');
    const grandchild = await idOf(ctx.database, 'agents', 'AG1SUBA');
    const master = await signIn('MASTER');
    expect(
      ok<SessionsEnded>(
        await call(ctx.app, api.endAgentSessions, master, { body: { IdAgent: grandchild } }),
      ).Ended,
    ).toBeGreaterThanOrEqual(1);
  });

  it('are refused outside the subtree, for oneself, without the right, and to players', async () => {
    const ag1 = await signIn('AG1');
    const master = await idOf(ctx.database, 'agents', 'MASTER');
    const sibling = await idOf(ctx.database, 'agents', 'AG2SUB');
    const foreign = await idOf(ctx.database, 'agents', 'ESAG1', 2);
    const parentSession = await signIn('MASTER');
    for (const idAgent of [master, sibling, foreign, 2_147_483_646])
      await bothRefused(ag1, idAgent, 404, 'agent_not_found');
    expect(await alive(parentSession)).toBe(true);
    const self = await idOf(ctx.database, 'agents', 'AG1');
    refused(
      await call(ctx.app, api.endAgentSessions, ag1, { body: { IdAgent: self } }),
      403,
      'own_sessions_elsewhere',
    );
    // AG1SUB has a sub-agent but not manageAgents.
    const noRight = await signIn('AG1SUB');
    const child = await idOf(ctx.database, 'agents', 'AG1SUBA');
    const childSession = await signIn('AG1SUBA');
    await bothRefused(noRight, child, 403, 'right_required');
    expect(await alive(childSession)).toBe(true);
    const player = await signIn('PL1001');
    refused(
      await call(ctx.app, api.getAgentSessions, player, { query: { idAgent: child } }),
      403,
      'agents_only',
    );
    refused(
      await call(ctx.app, api.endAgentSessions, await anonymous(ctx.app), {
        body: { IdAgent: child },
      }),
      401,
      'unauthorized',
    );
    expect((await call(ctx.app, api.getAgentSessions, ag1, { query: {} })).statusCode).toBe(400);
    expect(
      (await call(ctx.app, api.endAgentSessions, ag1, { body: { IdAgent: 'x' } })).statusCode,
    ).toBe(400);
  });
});

describe('a password change', () => {
  it('by a parent ends every session of the sub-agent', async () => {
    const a = await signIn('AG1SUBA');
    const b = await signIn('AG1SUBA');
    const ids = [await thisOf(a), await thisOf(b)];
    const parent = await signIn('AG1SUB');
    const idAgent = await idOf(ctx.database, 'agents', 'AG1SUBA');
    ok(
      await call(ctx.app, api.changeAgentsPassword, parent, {
        body: { IdAgent: idAgent, NewPassword: 'quiet harbor lantern 41' },
      }),
    );
    expect(await alive(a)).toBe(false);
    expect(await alive(b)).toBe(false);
    for (const id of ids) expect(await reasonOf(id)).toBe('password');
    PASSWORDS.AG1SUBA = 'quiet harbor lantern 41';
  });

  it('by the owner ends its other sessions and keeps this one', async () => {
    const other = await signIn('AG2SUB');
    const here = await signIn('AG2SUB');
    const otherId = await thisOf(other);
    ok(await call(ctx.app, api.sendEmailChangePassword, here));
    const code = /\b(\d{6})\b/.exec(
      await lastMailText(ctx.database.db, 'ag2sub@demo.backline.test'),
    )![1]!;
    ok(await call(ctx.app, api.verifiedCodePass, here, { body: { Code: code } }));
    ok(
      await call(ctx.app, api.updatePassword, here, {
        body: { Code: code, NewPassword: 'copper meadow violin 77' },
      }),
    );
    PASSWORDS.AG2SUB = 'copper meadow violin 77';
    refused(await call(ctx.app, api.agentLogin, other), 401, 'session_ended');
    expect(await reasonOf(otherId)).toBe('password');
    expect(await alive(here)).toBe(true);
  });
});

describe('a password set by an e-mailed link', () => {
  it('ends every session the old password opened', async () => {
    const old = await signIn('AG1SUB2');
    const oldId = await thisOf(old);
    const issued = await ctx.app.inject({
      method: 'POST',
      url: urlOf(api.issueLoginToken),
      headers: { 'x-site-key': 'demo-site-key' },
      payload: { Player: 'AG1SUB2', SiteId: 1 },
    });
    const { Token } = ok<{ Token: string }>(issued);
    const fresh = await call(ctx.app, api.setPasswordByLink, await anonymous(ctx.app), {
      body: { Player: 'AG1SUB2', Token, SiteId: 1, NewPassword: 'amber tunnel willow 58' },
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
    PASSWORDS.AG1SUB2 = 'amber tunnel willow 58';
    refused(await call(ctx.app, api.agentLogin, old), 401, 'session_ended');
    expect(await reasonOf(oldId)).toBe('password');
  });
});

describe('log-in history', () => {
  const at = (iso: string) => new Date(iso);
  const base = (siteId: number): Omit<LoginRecord, 'account' | 'at' | 'outcome'> => ({
    siteId,
    method: 'password',
    source: 'backline',
    ip: '198.51.100.7',
    country: 'US',
    device: 'Firefox (Linux)',
    deviceId: 'history-device-1',
  });

  it('shows a sub-agent\u2019s log-ins of the period, newest first, a page at a time', async () => {
    const idAgent = await idOf(ctx.database, 'agents', 'AG1SUB2');
    const account = { kind: 'agent' as const, agentId: idAgent };
    const db = ctx.database.db;
    await recordLogin(db, { ...base(1), account, at: at('2026-11-02T14:00:00Z'), outcome: 'ok' });
    await recordLogin(db, {
      ...base(1),
      account,
      at: at('2026-11-03T14:00:00Z'),
      outcome: 'wrong_credentials',
      ip: '198.51.100.8',
    });
    await recordLogin(db, { ...base(1), account, at: at('2026-11-04T14:00:00Z'), outcome: 'ok' });
    // Before the period asked for: left out.
    await recordLogin(db, { ...base(1), account, at: at('2026-10-20T14:00:00Z'), outcome: 'ok' });
    const ag1 = await signIn('AG1');
    const query = { idAgent, startDate: '2026-11-01', endDate: '2026-11-10', pageSize: 2 };
    const first = ok<LoginHistory>(await call(ctx.app, api.getLoginHistory, ag1, { query }));
    expect(first).toMatchObject({
      StartDate: '2026-11-01',
      EndDate: '2026-11-10',
      Account: { Kind: 'agent', Id: idAgent, Login: 'AG1SUB2' },
      TotalRows: 3,
      Succeeded: 2,
      Page: 1,
      PageSize: 2,
    });
    expect(first.Rows).toEqual([
      {
        At: '2026-11-04T14:00:00.000Z',
        Outcome: 'ok',
        Method: 'password',
        Source: 'backline',
        Ip: '198.51.100.7',
        Country: 'US',
        Device: 'Firefox (Linux)',
        DeviceTag: deviceHash('history-device-1')!.slice(0, 8),
      },
      expect.objectContaining({ At: '2026-11-03T14:00:00.000Z', Outcome: 'wrong_credentials' }),
    ]);
    const second = ok<LoginHistory>(
      await call(ctx.app, api.getLoginHistory, ag1, { query: { ...query, page: 2 } }),
    );
    expect(second.Rows.map((r) => r.At)).toEqual(['2026-11-02T14:00:00.000Z']);
  });

  it('shows the caller\u2019s own log-in as it happened', async () => {
    const me = await signIn('AG3');
    const history = ok<LoginHistory>(await call(ctx.app, api.getLoginHistory, me));
    expect(history.Account.Login).toBe('AG3');
    // This month in the site's zone, by default.
    expect(history.StartDate).toBe('2026-11-01');
    expect(history.Rows[0]).toMatchObject({
      At: NOW.toISOString(),
      Outcome: 'ok',
      Method: 'password',
      Source: 'backline',
      Ip: me.ip,
    });
  });

  it('shows a player\u2019s log-ins here and on the platform to its agents only', async () => {
    const idPlayer = await idOf(ctx.database, 'players', 'PL1001');
    await recordLogin(ctx.database.db, {
      ...base(1),
      account: { kind: 'player', playerId: idPlayer },
      at: at('2026-11-05T09:30:00Z'),
      outcome: 'ok',
      method: 'platform',
      source: 'platform',
      device: null,
    });
    const owner = await signIn('AG1SUB');
    const history = ok<LoginHistory>(
      await call(ctx.app, api.getLoginHistory, owner, {
        query: { idPlayer, startDate: '2026-11-05', endDate: '2026-11-05' },
      }),
    );
    expect(history.Account).toEqual({ Kind: 'player', Id: idPlayer, Login: 'PL1001' });
    expect(history.Rows).toEqual([
      expect.objectContaining({ Source: 'platform', Method: 'platform', Device: null }),
    ]);
    // Another tree's agent, another site's: as if the player did not exist.
    for (const who of [await signIn('AG2'), await signIn('ESAG1')])
      refused(
        await call(ctx.app, api.getLoginHistory, who, { query: { idPlayer } }),
        404,
        'player_not_found',
      );
  });

  it('refuses a sub-agent\u2019s history without manageAgents, and outside the subtree', async () => {
    const noRight = await signIn('AG1SUB');
    const child = await idOf(ctx.database, 'agents', 'AG1SUBA');
    refused(
      await call(ctx.app, api.getLoginHistory, noRight, { query: { idAgent: child } }),
      403,
      'right_required',
    );
    const ag1 = await signIn('AG1');
    const master = await idOf(ctx.database, 'agents', 'MASTER');
    const foreign = await idOf(ctx.database, 'agents', 'ESAG1', 2);
    for (const idAgent of [master, foreign])
      refused(
        await call(ctx.app, api.getLoginHistory, ag1, { query: { idAgent } }),
        404,
        'agent_not_found',
      );
    refused(
      await call(ctx.app, api.getLoginHistory, await anonymous(ctx.app)),
      401,
      'unauthorized',
    );
    refused(await call(ctx.app, api.getLoginHistory, await signIn('PL1001')), 403, 'agents_only');
    for (const query of [
      { idAgent: child, idPlayer: 1 },
      { startDate: '2026-11-10', endDate: '2026-11-01' },
      { pageSize: 1000 },
      { page: 0 },
    ])
      expect((await call(ctx.app, api.getLoginHistory, ag1, { query })).statusCode).toBe(400);
  });
});
