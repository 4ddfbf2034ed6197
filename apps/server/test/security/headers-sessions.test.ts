// Issue 8, item 5: the security headers on every kind of answer (every contract endpoint, pages,
// static files, errors), sessions ending at idle and absolute expiry on the server's clock, and no
// credential of any flow in the server's log.
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { api, type Endpoint } from '@backline/contract';
import { sites } from '../../src/db/schema.ts';
import { anonymous, call, logIn, testClock, useTestApp, type Caller } from '../helpers.ts';
import { endpoints, formsOf } from './contract-walk.ts';
import { sampleObject } from './samples.ts';
import { send, type Answer } from './send.ts';
import { makeWebDist } from './web-dist.ts';
import { lastMailText } from './world.ts';

const MINUTE = 60_000;
let offset = 0;
const clock = () => new Date(testClock().getTime() + offset);
const logStream = new PassThrough();
let log = '';
logStream.on('data', (chunk: Buffer) => (log += chunk.toString()));
const web = makeWebDist();
const ctx = useTestApp(
  { WEB_DIST: web.dir, LOG_LEVEL: 'trace', LOGIN_LIMIT_PER_ADDRESS: '1000' },
  { now: clock, logStream },
);
afterAll(() => web.remove());

let master: Awaited<ReturnType<typeof logIn>>;
beforeAll(async () => {
  master = await logIn(ctx.app, 'MASTER', 'demo-master');
});

const today = () => clock().toISOString().slice(0, 10);

/** frame-ancestors of a CSP, as its list of sources. */
function ancestors(csp: unknown): string[] {
  const directive = String(csp ?? '')
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('frame-ancestors '));
  return directive ? directive.split(/\s+/).slice(1) : [];
}

function expectCommonHeaders(what: string, headers: Answer['headers']) {
  expect(String(headers['strict-transport-security']), what).toMatch(
    /max-age=(3153[6-9]\d{3}|31[6-9]\d{5}|3[2-9]\d{6}|[4-9]\d{7}|\d{9,}); includeSubDomains/,
  );
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  const sources = ancestors(headers['content-security-policy']);
  expect(
    sources.length,
    `${what}: frame-ancestors in ${headers['content-security-policy']}`,
  ).toBeGreaterThan(0);
  // A host may have a port wildcard (http://localhost:*); no source may be "*" or a bare scheme.
  for (const s of sources) expect(s, what).not.toMatch(/^\*$|^[a-z]+:$|:\/\/\*/i);
}

function expectApiHeaders(what: string, headers: Answer['headers']) {
  expectCommonHeaders(what, headers);
  expect(headers['cache-control'], what).toBe('no-store');
  expect(ancestors(headers['content-security-policy']), what).toEqual(["'none'"]);
}

describe('security headers', () => {
  it('are on every endpoint of the contract: answered, refused and bad input', async () => {
    const nobody = await anonymous(ctx.app);
    let checked = 0;
    for (const c of endpoints) {
      const form = formsOf(c)[0]!;
      const query = form.query ? sampleObject(form.query, today()) : undefined;
      const body = form.body ? sampleObject(form.body, today()) : undefined;
      const calls: [string, Caller, Record<string, unknown>][] = [
        ['as MASTER', master, { ...(query ? { query } : {}), ...(body ? { body } : {}) }],
        ['anonymous', nobody, { ...(query ? { query } : {}), ...(body ? { body } : {}) }],
        ['bad input', master, { query: { ...query, page: 'x', SiteId: 'x' }, body: [] }],
      ];
      for (const [who, caller, input] of calls) {
        const answer = await send(ctx.app, c.e as Endpoint, caller, input);
        const what = `${c.name} ${who} (${answer.status})`;
        if (c.e.base === 'assets') expectCommonHeaders(what, answer.headers);
        else expectApiHeaders(what, answer.headers);
        checked++;
      }
    }
    expect(checked).toBe(endpoints.length * 3);
  });

  it('are on pages, static files, health, docs and unknown paths; pages framed only by the site\u2019s origins', async () => {
    const [site] = await ctx.database.db.select().from(sites).where(eq(sites.id, 1));
    const cases: [string, string, 'page' | 'plain' | 'api'][] = [
      ['/login?SiteId=1', 'site', 'page'],
      ['/WeeklyBalance', 'no site', 'page'],
      ['/assets/i18n/en.json', 'static', 'plain'],
      ['/assets/flags/US.svg', 'flag', 'plain'],
      ['/healthz', 'health', 'plain'],
      ['/api/docs/json', 'docs', 'plain'],
      ['/api/reports/AgentSiteFrames/Nope', 'unknown API path', 'api'],
      ['/assets/nope.js', 'unknown asset', 'plain'],
    ];
    for (const [url, what, kind] of cases) {
      const res = await ctx.app.inject({ url });
      expectCommonHeaders(`${what} ${url}`, res.headers);
      if (kind === 'api') expectApiHeaders(url, res.headers);
    }
    const page = await ctx.app.inject({ url: '/login?SiteId=1' });
    expect(ancestors(page.headers['content-security-policy'])).toEqual([
      "'self'",
      ...site!.allowedOrigins,
    ]);
    const framed = await ctx.app.inject({ url: '/AgentPayments', cookies: { bl_site: '1' } });
    expect(ancestors(framed.headers['content-security-policy'])).toEqual([
      "'self'",
      ...site!.allowedOrigins,
    ]);
    const unknownSite = await ctx.app.inject({ url: '/WeeklyBalance' });
    expect(ancestors(unknownSite.headers['content-security-policy'])).toEqual(["'self'"]);
  });

  it('never widen frame-ancestors from a bad origin row', async () => {
    await ctx.database.db
      .update(sites)
      .set({
        allowedOrigins: ['*', 'https:', 'https://ok.example', 'https://evil.example; script-src *'],
      })
      .where(eq(sites.id, 2));
    const page = await ctx.app.inject({ url: '/login?SiteId=2' });
    expect(ancestors(page.headers['content-security-policy'])).toEqual([
      "'self'",
      'https://ok.example',
    ]);
    expect(String(page.headers['content-security-policy'])).not.toContain('evil');
  });
});

describe('sessions on the server\u2019s clock', () => {
  const alive = async (caller: Caller) => (await call(ctx.app, api.agentLogin, caller)).statusCode;

  it('end after 30 minutes without a call, and each call moves that on', async () => {
    const session = await logIn(ctx.app, 'AG1', 'demo-agent');
    expect(Date.parse(session.session.IdleExpiresAt) - clock().getTime()).toBeLessThanOrEqual(
      30 * MINUTE,
    );
    offset += 29 * MINUTE;
    expect(await alive(session)).toBe(200);
    offset += 29 * MINUTE;
    expect(await alive(session)).toBe(200);
    offset += 31 * MINUTE;
    expect(await alive(session)).toBe(401);
    offset += 1 * MINUTE;
    expect(await alive(session)).toBe(401);
  });

  it('end 8 hours after log-in however busy', async () => {
    const session = await logIn(ctx.app, 'AG2', 'demo-agent');
    const absolute = Date.parse(session.session.AbsoluteExpiresAt) - clock().getTime();
    expect(absolute).toBeGreaterThan(8 * 60 * MINUTE - MINUTE);
    expect(absolute).toBeLessThanOrEqual(8 * 60 * MINUTE);
    for (let minutes = 20; minutes < 8 * 60; minutes += 20) {
      offset += 20 * MINUTE;
      expect(await alive(session), `after ${minutes} min`).toBe(200);
    }
    offset += 20 * MINUTE;
    expect(await alive(session)).toBe(401);
  });
});

describe('the log', () => {
  it('holds no token, password, code, ticket or Authorization value of any flow', async () => {
    log = '';
    const secrets: string[] = [];
    const keep = (...values: (string | undefined)[]) =>
      secrets.push(...values.filter((v): v is string => !!v));
    const authValue = (c: Caller) => c.authorization!.split(' ')[1];

    // Log-in with a password (also a wrong one), and the agent acting for a sub-agent.
    const wrong = await anonymous(ctx.app, '10.60.0.1');
    await call(ctx.app, api.login, wrong, {
      body: { Player: 'AG3', Password: 'wrong-secret-1', SiteId: 1 },
    });
    const ag1 = await logIn(ctx.app, 'AG1', 'demo-agent');
    keep('wrong-secret-1', 'demo-agent', ag1.session.Token, authValue(ag1), ag1.csrf);
    expect((await call(ctx.app, api.getSubAgents, ag1)).statusCode).toBe(200);

    // A one-time log-in token from the embedding site's server, then used.
    const minted = await ctx.app.inject({
      method: 'POST',
      url: '/api/core/WebClient4Frames/LoginToken',
      headers: { 'x-site-key': 'demo-site-key' },
      payload: { Player: 'AG1SUB', SiteId: 1 },
    });
    const loginToken = minted.json().Token as string;
    const viaToken = await call(ctx.app, api.login, await anonymous(ctx.app), {
      body: { Player: 'AG1SUB', Token: loginToken, SiteId: 1 },
    });
    expect(viaToken.statusCode).toBe(200);
    keep('demo-site-key', loginToken, viaToken.json().Token);

    // The e-mailed code: asked, a wrong try, the right one, the new password; the new session.
    const player = await logIn(ctx.app, 'PL1001', 'demo-player');
    keep('demo-player', player.session.Token, authValue(player));
    expect((await call(ctx.app, api.sendEmailChangePassword, player)).statusCode).toBe(200);
    const mail = await lastMailText(ctx.database.db, 'pl1001@demo.backline.test');
    const code = /\b(\d{6})\b/.exec(mail)![1]!;
    const wrongCode = code === '000000' ? '000001' : '000000';
    await call(ctx.app, api.verifiedCodePass, player, { body: { Code: wrongCode } });
    expect(
      (await call(ctx.app, api.verifiedCodePass, player, { body: { Code: code } })).statusCode,
    ).toBe(200);
    const newPassword = 'log test secret phrase 7';
    const updated = await call(ctx.app, api.updatePassword, player, {
      body: { Code: code, NewPassword: newPassword },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    keep(code, newPassword);

    // An agent sets a sub-agent's password and e-mails another its access link.
    const subId = (await call(ctx.app, api.getSubAgents, ag1))
      .json()
      .find((a: { Login: string }) => a.Login === 'AG1SUBA').IdAgent;
    const agentPassword = 'agent set secret phrase 9';
    expect(
      (
        await call(ctx.app, api.changeAgentsPassword, ag1, {
          body: { IdAgent: subId, NewPassword: agentPassword },
        })
      ).statusCode,
    ).toBe(200);
    keep(agentPassword);
    const link = await call(ctx.app, api.getAgentOnlinePasswordByEmail, ag1, {
      query: { email: 'ag1sub2@demo.backline.test', currentURL: 'http://localhost:5173/x' },
    });
    expect(link.statusCode, link.body).toBe(200);
    const linkMail = await lastMailText(ctx.database.db, 'ag1sub2@demo.backline.test');
    keep(/[#&]Token=([^&\s]+)/.exec(linkMail)?.[1]);

    // The notification stream opened with its ticket, which travels in the URL.
    const ticket = (await call(ctx.app, api.notificationStreamTicket, ag1)).json().Ticket as string;
    const stream = await send(ctx.app, api.notificationStream, null, { query: { ticket } });
    expect(stream.status).toBe(200);
    keep(ticket);

    await call(ctx.app, api.logout, ag1);
    await new Promise((resolve) => setImmediate(resolve));

    expect(log).toMatch(/"url":"\/api\/core\/WebClient4Frames\/Login"/);
    const found = secrets.filter((s) =>
      new RegExp(`(?<![0-9A-Za-z.])${escapeRegExp(s)}(?![0-9A-Za-z.])`).test(log),
    );
    expect(found, `secrets in the log (of ${secrets.length})`).toEqual([]);
    expect(secrets.length).toBeGreaterThanOrEqual(15);
  });
});

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
