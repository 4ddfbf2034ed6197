import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { api, authorizationHeader, encodeToken, type Endpoint } from '@backline/contract';
import { actingAs, anonymous, call, logIn, testClock, useTestApp } from './helpers.ts';
import { idOf } from './db-helpers.ts';
import { queryRows } from '../src/db/query.ts';

const ctx = useTestApp({ LOGIN_LIMIT_PER_ADDRESS: '30' });

describe('WebClient4Frames/Login', () => {
  it('logs an agent in and returns a session token', async () => {
    const caller = await anonymous(ctx.app);
    const res = await call(ctx.app, api.login, caller, {
      body: { Player: 'master', Password: 'demo-master', SiteId: 1 },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      Kind: 'agent',
      Player: 'MASTER',
      UserEmail: 'master@demo.backline.test',
      SiteId: 1,
    });
    expect(body.Token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const idle = Date.parse(body.IdleExpiresAt) - testClock().getTime();
    expect(idle).toBeGreaterThan(29 * 60_000);
    expect(idle).toBeLessThanOrEqual(30 * 60_000);
  });

  it('logs a player in through the frames log-in', async () => {
    const player = await logIn(ctx.app, 'PL1001', 'demo-player');
    expect(player.session.Kind).toBe('player');
  });

  it('gives one message whether the account exists or not', async () => {
    const caller = await anonymous(ctx.app, '10.0.0.2');
    const wrong = await call(ctx.app, api.login, caller, {
      body: { Player: 'MASTER', Password: 'nope-nope', SiteId: 1 },
    });
    const missing = await call(ctx.app, api.login, caller, {
      body: { Player: 'NOBODY', Password: 'nope-nope', SiteId: 1 },
    });
    const otherSite = await call(ctx.app, api.login, caller, {
      body: { Player: 'MASTER', Password: 'demo-master', SiteId: 2 },
    });
    for (const res of [wrong, missing, otherSite]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        Code: 'wrong_credentials',
        Message: 'Wrong login or password',
        StatusCode: 401,
      });
      expect(res.json().RequestId).toBeTruthy();
    }
  });

  it('says which field is wrong', async () => {
    const caller = await anonymous(ctx.app);
    const res = await call(ctx.app, api.login, caller, {
      body: { Player: 'MASTER', Password: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      Code: 'field_required',
      Params: { field: 'SiteId' },
      Message: 'Invalid request: site id: must be a site id',
      StatusCode: 400,
    });
  });

  it('logs in with a one-time token handed over by the embedding site, once', async () => {
    const mint = (key: string, Player = 'AG1SUB', SiteId = 1) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/core/WebClient4Frames/LoginToken',
        headers: { 'x-site-key': key },
        payload: { Player, SiteId },
      });
    expect((await mint('wrong-key')).statusCode).toBe(401);
    expect((await mint('demo-site-key', 'AG1SUB', 2)).statusCode).toBe(401);
    expect((await mint('demo-site-key', 'NOBODY')).statusCode).toBe(404);
    const minted = await mint('demo-site-key');
    expect(minted.statusCode).toBe(200);
    const token = minted.json().Token as string;
    const caller = await anonymous(ctx.app);
    const body = { Player: 'AG1SUB', Token: token, SiteId: 1 };
    expect(
      (await call(ctx.app, api.login, caller, { body: { ...body, Player: 'AG1' } })).statusCode,
    ).toBe(401);
    expect((await call(ctx.app, api.login, caller, { body })).statusCode).toBe(401);
    const fresh = (await mint('demo-site-key')).json().Token as string;
    expect(
      (await call(ctx.app, api.login, caller, { body: { ...body, Token: fresh } })).statusCode,
    ).toBe(200);
    expect(
      (await call(ctx.app, api.login, caller, { body: { ...body, Token: fresh } })).statusCode,
    ).toBe(401);
  });

  it('limits attempts per account with 429 and Retry-After (the lockout after 5 comes first)', async () => {
    const statuses: number[] = [];
    let retryAfter: string | undefined;
    for (let i = 0; i < 12; i++) {
      const caller = await anonymous(ctx.app, `10.1.0.${i}`);
      const res = await call(ctx.app, api.login, caller, {
        body: { Player: 'AG3', Password: 'wrong-pass', SiteId: 1 },
      });
      statuses.push(res.statusCode);
      retryAfter ??= res.headers['retry-after'] as string | undefined;
    }
    expect(statuses.slice(0, 5).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });

  it('never counts successful log-ins against the account: 15 in a row pass, failures still lock', async () => {
    const attempt = (Password: string, i: number) =>
      anonymous(ctx.app, `10.3.0.${i}`).then((caller) =>
        call(ctx.app, api.login, caller, { body: { Player: 'AG2SUB', Password, SiteId: 1 } }),
      );
    // More than the per-account limit (10 in 15 minutes), as an agent reloading all day does.
    for (let i = 0; i < 15; i++) expect((await attempt('demo-sub', i)).statusCode).toBe(200);
    // A success wipes the failures before it: 4 wrong, 1 right, 4 wrong still do not lock.
    for (let i = 0; i < 4; i++) expect((await attempt('wrong-pass', i)).statusCode).toBe(401);
    expect((await attempt('demo-sub', 20)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await attempt('wrong-pass', i)).statusCode).toBe(401);
    // The 5th failure in a row locks: even the right password is then refused with 429.
    expect((await attempt('wrong-pass', 30)).statusCode).toBe(401);
    const locked = await attempt('demo-sub', 31);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('logs an agent in by its e-mail, in any case, and counts its failures under its login', async () => {
    const caller = await anonymous(ctx.app, '10.4.0.1');
    const res = await call(ctx.app, api.login, caller, {
      body: { Player: ' AG1SUBA@Demo.Backline.Test ', Password: 'demo-sub', SiteId: 1 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      Kind: 'agent',
      Player: 'AG1SUBA',
      UserEmail: 'ag1suba@demo.backline.test',
    });
    // The session works like one opened by login (the Token carries the e-mail).
    const session = res.json() as { UserEmail: string; Token: string };
    const profile = await call(ctx.app, api.agentLogin, {
      ...caller,
      authorization: authorizationHeader({
        kind: 'agentSite',
        email: session.UserEmail,
        token: session.Token,
        actAs: 0,
        siteId: 1,
      }),
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().Agent.Login).toBe('AG1SUBA');
    // Another site's e-mail, a wrong password, and a player's "e-mail" all get the one message.
    for (const body of [
      { Player: 'ag1suba@demo.backline.test', Password: 'demo-sub', SiteId: 2 },
      { Player: 'ag1suba@demo.backline.test', Password: 'wrong-pass', SiteId: 1 },
      { Player: 'pl1001@demo.backline.test', Password: 'demo-player', SiteId: 1 },
    ]) {
      const refused = await call(ctx.app, api.login, caller, { body });
      expect(refused.statusCode).toBe(401);
      expect(refused.json().Message).toBe('Wrong login or password');
    }
    // One failure on site 1 (the other site's has its own key), kept under the login, not the e-mail.
    const rows = await queryRows<{ key: string; count: number }>(
      ctx.database.db,
      sql`select key, count from rate_limits where key like 'login:account:1:ag1suba%'`,
    );
    expect(rows).toEqual([{ key: 'login:account:1:ag1suba', count: 1 }]);
  });

  it('keeps the session in a partitioned HttpOnly cookie for a frame without storage, until log-out', async () => {
    const caller = await anonymous(ctx.app, '10.5.0.1');
    const plain = await call(ctx.app, api.login, caller, {
      body: { Player: 'AG1', Password: 'demo-agent', SiteId: 1 },
    });
    expect(plain.cookies.find((c) => c.name === 'bl_session')).toBeUndefined();

    const res = await call(ctx.app, api.login, caller, {
      body: { Player: 'AG1', Password: 'demo-agent', SiteId: 1, KeepInCookie: true },
    });
    expect(res.statusCode).toBe(200);
    const session = res.json() as { Token: string; UserEmail: string; AbsoluteExpiresAt: string };
    const raw = String(res.headers['set-cookie']);
    expect(raw).toMatch(/bl_session=[^;]+; .*HttpOnly/);
    expect(raw).toMatch(/Partitioned/);
    expect(raw).toMatch(/Secure/);
    expect(raw).toMatch(/SameSite=None/);
    expect(raw).toMatch(/Path=\/api\/core\/WebClient4Frames\/ResumeSession/);
    // A lifetime the browser counts on its own clock, not an end date read off the app's clock
    // (which a fixed NOW may set days in the past).
    expect(raw).toMatch(/Max-Age=28800(;|$)/);
    expect(raw).not.toMatch(/Expires=/);
    const cookie = res.cookies.find((c) => c.name === 'bl_session')!;
    expect(cookie.value).toBe(session.Token);

    const resume = (value?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/core/WebClient4Frames/ResumeSession',
        remoteAddress: caller.ip,
        headers: {
          'x-csrf-token': caller.csrf,
          cookie: `bl_csrf=${caller.csrf}${value ? `; bl_session=${value}` : ''}`,
        },
        payload: {},
      });
    const resumed = await resume(cookie.value);
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json().Session).toMatchObject({
      Kind: 'agent',
      Player: 'AG1',
      UserEmail: 'ag1@demo.backline.test',
      Token: session.Token,
      SiteId: 1,
      AbsoluteExpiresAt: session.AbsoluteExpiresAt,
    });
    expect((await resume()).json()).toEqual({ Session: null });
    expect((await resume('not-a-live-token')).json()).toEqual({ Session: null });

    const authorization = authorizationHeader({
      kind: 'agentSite',
      email: session.UserEmail,
      token: session.Token,
      actAs: 0,
      siteId: 1,
    });
    const out = await call(ctx.app, api.logout, { ...caller, authorization });
    expect(String(out.headers['set-cookie'])).toMatch(/bl_session=;.*Expires=Thu, 01 Jan 1970/);
    const after = await resume(cookie.value);
    expect(after.json()).toEqual({ Session: null });
    expect(String(after.headers['set-cookie'])).toMatch(/bl_session=;/);
  });

  it('limits attempts per address', async () => {
    const caller = await anonymous(ctx.app, '10.9.9.9');
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await call(ctx.app, api.login, caller, {
        body: { Player: `GHOST${i}`, Password: 'wrong-pass', SiteId: 1 },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
  });

  it('refuses non-GET calls without the CSRF header', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/core/WebClient4Frames/Login',
      payload: { Player: 'MASTER', Password: 'demo-master', SiteId: 1 },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().Code).toBe('csrf_failed');
  });
});

describe('AgentProductsV2/Login and sessions', () => {
  it('returns the agent, its site and rights', async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const res = await call(ctx.app, api.agentLogin, master);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.Agent.Login).toBe('MASTER');
    expect(body.Site).toMatchObject({
      SiteId: 1,
      Name: 'Demo Book',
      TimeZone: 'America/New_York',
      Currency: 'USD',
    });
    expect(body.Rights).toContain('viewReports');
  });

  it('acts for a sub-agent inside the tree with the caller\u2019s rights as the ceiling', async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const sub = await idOf(ctx.database, 'agents', 'AG1SUB');
    const res = await call(ctx.app, api.agentLogin, actingAs(master, sub));
    expect(res.statusCode).toBe(200);
    expect(res.json().Agent.Login).toBe('AG1SUB');
    expect(res.json().Self.Login).toBe('MASTER');
  });

  it('refuses to act for an agent outside the tree', async () => {
    const ag1 = await logIn(ctx.app, 'AG1', 'demo-agent');
    const ag2 = await idOf(ctx.database, 'agents', 'AG2');
    const res = await call(ctx.app, api.agentLogin, actingAs(ag1, ag2));
    expect(res.statusCode).toBe(403);
  });

  it('refuses a player on agent calls', async () => {
    const player = await logIn(ctx.app, 'PL1001', 'demo-player');
    expect((await call(ctx.app, api.agentLogin, player)).statusCode).toBe(403);
  });

  it('refuses a token whose other fields do not match its session', async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const s = master.session;
    const tampered = [
      authorizationHeader({
        kind: 'agentSite',
        email: 'ag1@demo.backline.test',
        token: s.Token,
        actAs: 0,
        siteId: 1,
      }),
      authorizationHeader({
        kind: 'agentSite',
        email: s.UserEmail,
        token: s.Token,
        actAs: 0,
        siteId: 2,
      }),
      authorizationHeader({ kind: 'player', player: 'PL1001', token: s.Token, siteId: 1 }),
      `Token ${encodeToken({ kind: 'agent', email: s.UserEmail, token: `${s.Token}x` })}`,
      'Token !!!notbase64',
      `Bearer ${s.Token}`,
    ];
    for (const authorization of tampered) {
      const res = await call(ctx.app, api.agentLogin, { ...master, authorization });
      expect(res.statusCode, authorization).toBe(401);
    }
    // The short agent form of the same session is accepted.
    const short = authorizationHeader({ kind: 'agent', email: s.UserEmail, token: s.Token });
    expect(
      (await call(ctx.app, api.agentLogin, { ...master, authorization: short })).statusCode,
    ).toBe(200);
  });

  it('ends sessions at idle and absolute expiry, and on log-out', async () => {
    const a = await logIn(ctx.app, 'AG1', 'demo-agent');
    const b = await logIn(ctx.app, 'AG1', 'demo-agent');
    const c = await logIn(ctx.app, 'AG1', 'demo-agent');
    const { sha256 } = await import('../src/security/tokens.ts');
    await ctx.database.db.execute(
      sql`update sessions set idle_expires_at = '2000-01-01T00:00:00Z' where token_hash = ${sha256(a.session.Token)}`,
    );
    await ctx.database.db.execute(
      sql`update sessions set absolute_expires_at = '2000-01-01T00:00:00Z' where token_hash = ${sha256(b.session.Token)}`,
    );
    expect((await call(ctx.app, api.agentLogin, a)).statusCode).toBe(401);
    expect((await call(ctx.app, api.agentLogin, b)).statusCode).toBe(401);
    expect((await call(ctx.app, api.agentLogin, c)).statusCode).toBe(200);
    expect((await call(ctx.app, api.logout, c)).statusCode).toBe(200);
    expect((await call(ctx.app, api.agentLogin, c)).statusCode).toBe(401);
  });

  it('signs out a deactivated agent and a closed player at once, whoever closed them', async () => {
    const agent = await logIn(ctx.app, 'AG2', 'demo-agent');
    const player = await logIn(ctx.app, 'PL1001', 'demo-player');
    expect((await call(ctx.app, api.agentLogin, agent)).statusCode).toBe(200);
    expect((await call(ctx.app, api.keepAlive, player)).statusCode).toBe(200);
    try {
      await ctx.database.db.execute(sql`update agents set active = false where login = 'AG2'`);
      await ctx.database.db.execute(sql`update players set active = false where login = 'PL1001'`);
      expect((await call(ctx.app, api.agentLogin, agent)).statusCode).toBe(401);
      expect((await call(ctx.app, api.keepAlive, player)).statusCode).toBe(401);
    } finally {
      await ctx.database.db.execute(sql`update agents set active = true where login = 'AG2'`);
      await ctx.database.db.execute(sql`update players set active = true where login = 'PL1001'`);
    }
  });
});

describe('every route built so far', () => {
  const protectedEndpoints = Object.entries(api).filter(
    ([, e]) => !['public', 'site'].includes((e as Endpoint).audience),
  );

  it('answers 401 without a valid token, and calls not built yet are absent (404)', async () => {
    const caller = await anonymous(ctx.app);
    let registered = 0;
    for (const [name, e] of protectedEndpoints as [string, Endpoint][]) {
      // A path parameter at the end is registered as the path's rest (the export download).
      const path = e.path.replace(/\{\w+\}$/, '*');
      const url = `${e.base === 'core' ? ctx.config.coreBase : ctx.config.reportsBase}${path}`;
      const built = ctx.app.hasRoute({ method: e.method, url });
      const res = await call(ctx.app, e, caller);
      expect(res.statusCode, name).toBe(built ? 401 : 404);
      expect(res.json(), name).toHaveProperty('Message');
      if (built) registered++;
    }
    expect(registered).toBeGreaterThanOrEqual(5);
  });

  it('answers 403 to a player\u2019s token on every agent call', async () => {
    const player = await logIn(ctx.app, 'PL1001', 'demo-player');
    let checked = 0;
    for (const [name, e] of protectedEndpoints as [string, Endpoint][]) {
      // The streams are let in by their tickets (notifications.test.ts, live.test.ts).
      if (e.audience !== 'agent' || e === api.notificationStream || e === api.liveStream) continue;
      // The download is let in by its ticket, not the Token: a player (who can get no ticket) is
      // refused like anyone without one, 401 (export-ticket.test.ts).
      if (e === api.exportDownload) continue;
      const res = await call(ctx.app, e, player);
      expect(res.statusCode, name).toBe(403);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(20);
  });
});
