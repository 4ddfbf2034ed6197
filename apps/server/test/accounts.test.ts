// Passwords: the e-mailed code, agents managing their subtree's access, lockout, mail, and logs.
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { api } from '@backline/contract';
import { buildApp } from '../src/app.ts';
import { auditLog, mailOutbox } from '../src/db/schema.ts';
import { queryRows } from '../src/db/query.ts';
import { anonymous, call, logIn, testClock, useTestApp, type Caller } from './helpers.ts';
import { idOf } from './db-helpers.ts';
import { smtpPeer } from './smtp-peer.ts';

const ctx = useTestApp({ LOGIN_LIMIT_PER_ADDRESS: '100' });

/** A second app on the same database whose clock a test can move on. */
let offset = 0;
let clocked: FastifyInstance;
beforeAll(async () => {
  clocked = await buildApp({
    config: ctx.config,
    database: ctx.database,
    now: () => new Date(testClock().getTime() + offset),
  });
});
afterAll(async () => clocked?.close());

async function lastMailTo(to: string) {
  const [mail] = await ctx.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
}

const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)![1]!;

async function codeFor(app: FastifyInstance, caller: Caller, email: string) {
  const res = await call(app, api.sendEmailChangePassword, caller);
  expect(res.statusCode).toBe(200);
  return codeIn((await lastMailTo(email)).text);
}

const auditRows = (action: string, targetId: number) =>
  ctx.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));

const PLAYER_MAIL = 'pl1001@demo.backline.test';

describe('password change by e-mailed code', () => {
  it('needs a session', async () => {
    expect((await call(ctx.app, api.sendEmailChangePassword, null)).statusCode).toBe(401);
    const anon = await anonymous(ctx.app);
    const res = await call(ctx.app, api.verifiedCodePass, anon, { body: { Code: '123456' } });
    expect(res.statusCode).toBe(401);
  });

  it('lets a player change its password, ending its other sessions', async () => {
    const other = await logIn(ctx.app, 'PL1001', 'demo-player');
    const player = await logIn(ctx.app, 'PL1001', 'demo-player');
    const sent = await call(ctx.app, api.sendEmailChangePassword, player);
    expect(sent.json()).toMatchObject({ Ok: true, MaskedEmail: 'pl***@demo.backline.test' });
    const mail = await lastMailTo(PLAYER_MAIL);
    expect(mail.subject).toBe('Your code to change your password');
    expect(mail.html).toContain('<p>');
    const code = codeIn(mail.text);

    const wrong = code === '000000' ? '000001' : '000000';
    const bad = await call(ctx.app, api.verifiedCodePass, player, { body: { Code: wrong } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ Code: 'code_wrong', Params: { tries: 4 } });
    const malformed = await call(ctx.app, api.verifiedCodePass, player, { body: { Code: '12a' } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().Params.field).toContain('Code');

    const ok = await call(ctx.app, api.verifiedCodePass, player, { body: { Code: code } });
    expect(ok.statusCode).toBe(200);

    const tooShort = await call(ctx.app, api.updatePassword, player, {
      body: { Code: code, NewPassword: 'abc1234' },
    });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().Params.field).toContain('NewPassword');
    for (const common of ['password123', 'Baseball', 'qwertyuiop']) {
      const res = await call(ctx.app, api.updatePassword, player, {
        body: { Code: code, NewPassword: common },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        Code: 'password_common',
        Params: { field: 'NewPassword' },
      });
    }
    // Words of the trade and the account's own login are refused anywhere in it (ASVS 6.2.11).
    for (const context of ['my Backline secret 42', `${player.session.Player} is my own name`]) {
      const res = await call(ctx.app, api.updatePassword, player, {
        body: { Code: code, NewPassword: context },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        Code: 'password_context',
        Params: { field: 'NewPassword' },
      });
    }
    const same = await call(ctx.app, api.updatePassword, player, {
      body: { Code: code, NewPassword: 'demo-player' },
    });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({
      Code: 'password_unchanged',
      Params: { field: 'NewPassword' },
    });

    const long = 'correct horse battery staple '.repeat(3).slice(0, 64);
    const changed = await call(ctx.app, api.updatePassword, player, {
      body: { Code: code, NewPassword: long },
    });
    expect(changed.statusCode).toBe(200);

    const reused = await call(ctx.app, api.updatePassword, player, {
      body: { Code: code, NewPassword: 'another fine password' },
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().Code).toMatch(/^code_/);

    expect((await call(ctx.app, api.sendEmailChangePassword, other)).statusCode).toBe(401);
    expect(
      (await call(ctx.app, api.verifiedCodePass, player, { body: { Code: code } })).statusCode,
    ).toBe(400);
    await expect(logIn(ctx.app, 'PL1001', 'demo-player')).rejects.toThrow(/401/);
    await logIn(ctx.app, 'PL1001', long);

    const id = await idOf(ctx.database, 'players', 'PL1001');
    expect(await auditRows('password.changed', id)).toHaveLength(1);
    expect((await auditRows('password.code_sent', id)).length).toBeGreaterThanOrEqual(1);
    const [row] = await auditRows('password.changed', id);
    expect(row!.details).toMatchObject({ address: '127.0.0.1', by: 'self' });
  });

  it('lets an agent change its own password the same way', async () => {
    const agent = await logIn(ctx.app, 'AG3', 'demo-agent');
    const code = await codeFor(ctx.app, agent, 'ag3@demo.backline.test');
    expect(
      (await call(ctx.app, api.verifiedCodePass, agent, { body: { Code: code } })).statusCode,
    ).toBe(200);
    const res = await call(ctx.app, api.updatePassword, agent, {
      body: { Code: code, NewPassword: 'a much better secret' },
    });
    expect(res.statusCode).toBe(200);
    await logIn(ctx.app, 'AG3', 'a much better secret');
  });

  it('refuses to set a password before the code is verified', async () => {
    const agent = await logIn(ctx.app, 'AG1SUBA', 'demo-sub');
    const code = await codeFor(ctx.app, agent, 'ag1suba@demo.backline.test');
    const res = await call(ctx.app, api.updatePassword, agent, {
      body: { Code: code, NewPassword: 'a much better secret' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().Code).toBe('code_not_verified');
  });

  it('kills a code after 5 wrong tries', async () => {
    const agent = await logIn(ctx.app, 'AG1SUB2', 'demo-sub');
    const code = await codeFor(ctx.app, agent, 'ag1sub2@demo.backline.test');
    const wrong = code === '999999' ? '999998' : '999999';
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await call(ctx.app, api.verifiedCodePass, agent, { body: { Code: wrong } });
      expect(res.statusCode).toBe(400);
      messages.push(res.json().Code);
    }
    expect(messages[4]).toBe('code_too_many_tries');
    const sixth = await call(ctx.app, api.verifiedCodePass, agent, { body: { Code: code } });
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json().Code).toBe('code_too_many_tries');
  });

  it('binds a code to the session that asked for it', async () => {
    const a = await logIn(ctx.app, 'AG2SUB', 'demo-sub');
    const b = await logIn(ctx.app, 'AG2', 'demo-agent');
    const code = await codeFor(ctx.app, a, 'ag2sub@demo.backline.test');
    const res = await call(ctx.app, api.verifiedCodePass, b, { body: { Code: code } });
    expect(res.statusCode).toBe(400);
    const sameAccount = await logIn(ctx.app, 'AG2SUB', 'demo-sub');
    const other = await call(ctx.app, api.verifiedCodePass, sameAccount, { body: { Code: code } });
    expect(other.statusCode).toBe(400);
  });

  it('lets a code expire after 10 minutes', async () => {
    offset = 0;
    const agent = await logIn(clocked, 'AG2', 'demo-agent');
    const code = await codeFor(clocked, agent, 'ag2@demo.backline.test');
    offset = 10 * 60_000 + 1_000;
    try {
      const res = await call(clocked, api.verifiedCodePass, agent, { body: { Code: code } });
      expect(res.statusCode).toBe(400);
      expect(res.json().Code).toBe('code_expired');
    } finally {
      offset = 0;
    }
  });

  it('limits codes per session with 429 and Retry-After', async () => {
    const agent = await logIn(ctx.app, 'AG1', 'demo-agent', 1, '10.9.0.1');
    for (let i = 0; i < 5; i++) {
      expect((await call(ctx.app, api.sendEmailChangePassword, agent)).statusCode).toBe(200);
    }
    const res = await call(ctx.app, api.sendEmailChangePassword, agent);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('wants the CSRF header on every non-GET call', async () => {
    const agent = await logIn(ctx.app, 'AG2', 'demo-agent');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/core/WebClient4Frames/BSVerifiedCodePass',
      headers: { authorization: agent.authorization!, cookie: `bl_csrf=${agent.csrf}` },
      payload: { Code: '123456' },
    });
    expect(res.statusCode).toBe(403);
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/core/WebClient4Frames/BSVerifiedCodePass',
      headers: {
        authorization: agent.authorization!,
        cookie: `bl_csrf=${agent.csrf}`,
        'x-csrf-token': 'not-the-cookie',
      },
      payload: { Code: '123456' },
    });
    expect(wrong.statusCode).toBe(403);
  });
});

describe('agents managing the passwords of their subtree', () => {
  it('changes a sub-agent password and ends its sessions', async () => {
    const sub = await logIn(ctx.app, 'AG1SUB', 'demo-sub');
    const ag1 = await logIn(ctx.app, 'AG1', 'demo-agent');
    const id = await idOf(ctx.database, 'agents', 'AG1SUB');
    const res = await call(ctx.app, api.changeAgentsPassword, ag1, {
      body: { IdAgent: id, NewPassword: 'sub agent new secret' },
    });
    expect(res.statusCode).toBe(200);
    expect((await call(ctx.app, api.agentLogin, sub)).statusCode).toBe(401);
    await logIn(ctx.app, 'AG1SUB', 'sub agent new secret');
    const rows = await auditRows('password.changed', id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.details).toMatchObject({ by: 'agent' });
  });

  it('changes a player password in the subtree and refuses common ones', async () => {
    const ag1 = await logIn(ctx.app, 'AG1', 'demo-agent');
    const id = await idOf(ctx.database, 'players', 'PL1001');
    const common = await call(ctx.app, api.changeAgentsPassword, ag1, {
      body: { IdPlayer: id, NewPassword: 'trustno1' },
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().Params.field).toContain('NewPassword');
    const ok = await call(ctx.app, api.changeAgentsPassword, ag1, {
      body: { IdPlayer: id, NewPassword: 'player set by agent' },
    });
    expect(ok.statusCode).toBe(200);
    await logIn(ctx.app, 'PL1001', 'player set by agent');
  });

  it('refuses accounts outside the subtree, other sites, and callers without the right', async () => {
    const ag1 = await logIn(ctx.app, 'AG1', 'demo-agent');
    const master = await idOf(ctx.database, 'agents', 'MASTER');
    const ag2sub = await idOf(ctx.database, 'agents', 'AG2SUB');
    const esag1 = await idOf(ctx.database, 'agents', 'ESAG1', 2);
    for (const IdAgent of [master, ag2sub, esag1]) {
      const res = await call(ctx.app, api.changeAgentsPassword, ag1, {
        body: { IdAgent, NewPassword: 'outside the tree' },
      });
      expect(res.statusCode).toBe(404);
    }
    const outsidePlayer = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`select p.id from players p join agents a on a.id = p.agent_id
          where a.login = 'AG2' and p.site_id = 1 limit 1`,
    );
    const res = await call(ctx.app, api.changeAgentsPassword, ag1, {
      body: { IdPlayer: outsidePlayer[0]!.id, NewPassword: 'outside the tree' },
    });
    expect(res.statusCode).toBe(404);
    const missing = await call(ctx.app, api.changeAgentsPassword, ag1, {
      body: { IdPlayer: 99_999_999, NewPassword: 'outside the tree' },
    });
    expect(missing.statusCode).toBe(404);

    const ag3 = await logIn(ctx.app, 'AG3', 'a much better secret');
    // AG3 lacks changePasswords and has no sub-agents in the demo: its own player is the target.
    const [own] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`select p.id from players p join agents a on a.id = p.agent_id
          where a.login = 'AG3' order by p.id limit 1`,
    );
    const noRight = await call(ctx.app, api.changeAgentsPassword, ag3, {
      body: { IdPlayer: own!.id, NewPassword: 'no right to this' },
    });
    expect(noRight.statusCode).toBe(403);
    expect(noRight.json().Code).toBe('right_required');
    const player = await logIn(ctx.app, 'PL1001', 'player set by agent');
    const fromPlayer = await call(ctx.app, api.changeAgentsPassword, player, {
      body: { IdAgent: ag2sub, NewPassword: 'players cannot do this' },
    });
    expect(fromPlayer.statusCode).toBe(403);
    const report = await call(ctx.app, api.getAgentOnlinePasswordStatus, player, {
      query: { agent: ag2sub },
    });
    expect(report.statusCode).toBe(403);
  });

  it('tells whether a sub-agent has online access', async () => {
    const ag1 = await logIn(ctx.app, 'AG1', 'demo-agent');
    const id = await idOf(ctx.database, 'agents', 'AG1SUBA');
    const res = await call(ctx.app, api.getAgentOnlinePasswordStatus, ag1, {
      query: { agent: id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      IdAgent: id,
      Login: 'AG1SUBA',
      Email: 'ag1suba@demo.backline.test',
      HasOnlineAccess: true,
    });
    const master = await idOf(ctx.database, 'agents', 'MASTER');
    const outside = await call(ctx.app, api.getAgentOnlinePasswordStatus, ag1, {
      query: { agent: master },
    });
    expect(outside.statusCode).toBe(404);
    const bad = await call(ctx.app, api.getAgentOnlinePasswordStatus, ag1, {
      query: { agent: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Params.field).toContain('agent');
  });

  it('e-mails a one-time access link built on an allowed origin', async () => {
    const ag1 = await logIn(ctx.app, 'AG1', 'demo-agent');
    const email = 'ag1suba@demo.backline.test';
    const evil = await call(ctx.app, api.getAgentOnlinePasswordByEmail, ag1, {
      query: { email, currentURL: 'https://evil.example/ChangeAgentPassword' },
    });
    expect(evil.statusCode).toBe(400);
    expect(evil.json()).toMatchObject({
      Code: 'origin_not_allowed',
      Params: { field: 'currentURL' },
    });
    const outside = await call(ctx.app, api.getAgentOnlinePasswordByEmail, ag1, {
      query: { email: 'master@demo.backline.test', currentURL: 'http://localhost:5173/x' },
    });
    expect(outside.statusCode).toBe(404);

    const res = await call(ctx.app, api.getAgentOnlinePasswordByEmail, ag1, {
      query: { email, currentURL: 'http://localhost:5173/ChangeAgentPassword?x=1' },
    });
    expect(res.statusCode).toBe(200);
    const mail = await lastMailTo(email);
    const link = /(http:\/\/localhost:5173\/login\?SiteId=1#\S+)/.exec(mail.text)![1]!;
    expect(link).not.toContain(ag1.session.Token);
    const fragment = new URLSearchParams(new URL(link).hash.slice(1));
    expect(fragment.get('Player')).toBe('AG1SUBA');
    const anon = await anonymous(ctx.app);
    const body = { Player: 'AG1SUBA', Token: fragment.get('Token')!, SiteId: 1 };
    expect((await call(ctx.app, api.login, anon, { body })).statusCode).toBe(200);
    expect((await call(ctx.app, api.login, anon, { body })).statusCode).toBe(401);
  });
});

describe('lockout', () => {
  it('locks an account for 15 minutes after 5 failed log-ins, with one audit row', async () => {
    offset = 0;
    const anon = await anonymous(clocked, '10.7.0.1');
    const attempt = (Password: string) =>
      call(clocked, api.login, anon, { body: { Player: 'AG1SUB2', Password, SiteId: 1 } });
    for (let i = 0; i < 5; i++) expect((await attempt('wrong-guess')).statusCode).toBe(401);
    const locked = await attempt('demo-sub');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ Code: 'wrong_credentials' });
    const retry = Number(locked.headers['retry-after']);
    expect(retry).toBeGreaterThan(14 * 60);
    expect(retry).toBeLessThanOrEqual(15 * 60);
    const id = await idOf(ctx.database, 'agents', 'AG1SUB2');
    expect(await auditRows('account.locked', id)).toHaveLength(1);
    offset = 15 * 60_000 + 1_000;
    try {
      expect((await attempt('demo-sub')).statusCode).toBe(200);
    } finally {
      offset = 0;
    }
  });

  it('answers 429 with Retry-After per address', async () => {
    const anon = await anonymous(ctx.app, '10.8.0.1');
    let last = 0;
    let retryAfter: string | string[] | undefined;
    for (let i = 0; i < 101; i++) {
      const res = await call(ctx.app, api.login, anon, {
        body: { Player: `NOBODY${i}`, Password: 'whatever', SiteId: 1 },
      });
      last = res.statusCode;
      retryAfter = res.headers['retry-after'];
    }
    expect(last).toBe(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });
});

describe('mail over SMTP', () => {
  it('delivers the code to a real SMTP peer', async () => {
    const peer = await smtpPeer();
    const app = await buildApp({
      config: { ...ctx.config, smtpUrl: peer.url },
      database: ctx.database,
      now: testClock,
    });
    try {
      const agent = await logIn(app, 'AG2', 'demo-agent');
      const before = await ctx.database.db.select().from(mailOutbox);
      const res = await call(app, api.sendEmailChangePassword, agent);
      expect(res.statusCode).toBe(200);
      expect(peer.received).toHaveLength(1);
      expect(peer.received[0]!.to).toEqual(['ag2@demo.backline.test']);
      expect(peer.received[0]!.raw).toMatch(/Your code is \d{6}\./);
      expect(peer.received[0]!.raw).toContain('text/html');
      expect(await ctx.database.db.select().from(mailOutbox)).toHaveLength(before.length);
    } finally {
      await app.close();
      await peer.close();
    }
  });
});

describe('the dev outbox page', () => {
  it('lists sent mail outside production', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Your code to change your password');
  });

  it('does not exist in production', async () => {
    const app = await buildApp({
      config: { ...ctx.config, env: 'production' },
      database: ctx.database,
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/dev/outbox' });
      // The path falls through to the SPA (which shows its 404 screen), never to the mail.
      expect(res.body).not.toContain('Your code');
      expect(res.body).not.toContain('<h1>Outbox</h1>');
    } finally {
      await app.close();
    }
  });
});

describe('logs', () => {
  it('never hold a token, password or code', async () => {
    const log = new PassThrough();
    let text = '';
    log.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    const app = await buildApp({
      config: { ...ctx.config, logLevel: 'trace' },
      database: ctx.database,
      logStream: log,
      now: testClock,
    });
    try {
      const password = 'demo-agent';
      const agent = await logIn(app, 'AG2', password);
      const code = await codeFor(app, agent, 'ag2@demo.backline.test');
      await call(app, api.verifiedCodePass, agent, { body: { Code: code } });
      const next = 'logs must not hold this';
      expect(
        (await call(app, api.updatePassword, agent, { body: { Code: code, NewPassword: next } }))
          .statusCode,
      ).toBe(200);
      await call(app, api.getAgentOnlinePasswordByEmail, agent, {
        query: { email: 'ag2sub@demo.backline.test', currentURL: 'http://localhost:8080/x' },
      });
      const link = (await lastMailTo('ag2sub@demo.backline.test')).text;
      const linkToken = new URLSearchParams(link.split('#')[1]).get('Token')!;
      expect(text.length).toBeGreaterThan(0);
      for (const secret of [agent.session.Token, password, code, next, linkToken]) {
        expect(text).not.toContain(secret);
      }
    } finally {
      await app.close();
    }
  });
});

describe('the audit log', () => {
  it('cannot be changed or emptied row by row', async () => {
    await expect(
      ctx.database.db.execute(sql`update audit_log set action = 'forged'`),
    ).rejects.toThrow();
    await expect(ctx.database.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    const [row] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from audit_log where action = 'password.changed'`,
    );
    expect(row!.n).toBeGreaterThan(0);
  });
});
