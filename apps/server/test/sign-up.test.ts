// Agent sign-up: the site's form, validation, captcha, filing, and the master's decision.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { api } from '@backline/contract';
import { buildApp } from '../src/app.ts';
import { agentClosure, agents, auditLog, mailOutbox, signUps, sites } from '../src/db/schema.ts';
import {
  expectTokensRefused,
  startCaptchaVerifier,
  type CaptchaVerifier,
} from './captcha-verifier.ts';
import { anonymous, call, logIn, testClock, useTestApp } from './helpers.ts';
import { idOf } from './db-helpers.ts';

const ctx = useTestApp();

const applicant = (over: Record<string, unknown> = {}) => ({
  SiteId: 1,
  FirstName: 'Ana',
  LastName: 'Ruiz',
  Email: 'ana.ruiz@example.com',
  Login: 'ANARUIZ',
  Phone: '+1 305 555 0100',
  Country: 'US',
  City: 'Miami',
  Language: 'es',
  ...over,
});

const countSignUps = async () => (await ctx.database.db.select().from(signUps)).length;

describe('GetAgentSignUpConfigurationBySite', () => {
  it("answers a site's own form", async () => {
    const res = await call(ctx.app, api.getAgentSignUpConfigurationBySite, null, {
      query: { SiteId: 1 },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      SiteId: 1,
      IsGeneric: false,
      Enabled: true,
      CaptchaSiteKey: null,
    });
    expect(body.Title).toBe('Become a Demo Book agent');
    expect(body.Fields.find((f: { Field: string }) => f.Field === 'Address')).toMatchObject({
      Visible: false,
    });
  });

  it('answers the standard form for a site without one', async () => {
    const res = await call(ctx.app, api.getAgentSignUpConfigurationBySite, null, {
      query: { SiteId: 2 },
    });
    expect(res.json()).toMatchObject({ SiteId: 2, IsGeneric: true, Title: '' });
  });

  it('says which input is wrong, and 404 for an unknown site', async () => {
    const bad = await call(ctx.app, api.getAgentSignUpConfigurationBySite, null, {
      query: { SiteId: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Params.field).toContain('SiteId');
    const missing = await call(ctx.app, api.getAgentSignUpConfigurationBySite, null, {
      query: { SiteId: 999 },
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('ValidateAgentInformation', () => {
  it('accepts good data', async () => {
    const anon = await anonymous(ctx.app);
    const res = await call(ctx.app, api.validateAgentInformation, anon, { body: applicant() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Valid: true, Errors: [] });
  });

  it('finds duplicates, unknown countries and missing required fields', async () => {
    const anon = await anonymous(ctx.app);
    const res = await call(ctx.app, api.validateAgentInformation, anon, {
      body: applicant({
        Email: 'MASTER@demo.backline.test',
        Login: 'ag1',
        Country: 'ZZ',
        Phone: undefined,
      }),
    });
    expect(res.statusCode).toBe(200);
    const fields = res
      .json()
      .Errors.map((e: { Field: string }) => e.Field)
      .sort();
    expect(fields).toEqual(['Country', 'Email', 'Login', 'Phone']);
  });

  it('refuses malformed e-mail and phone with 400 naming the field', async () => {
    const anon = await anonymous(ctx.app);
    for (const [field, value] of [
      ['Email', 'not-an-email'],
      ['Phone', 'call me maybe'],
      ['Login', 'a b'],
    ] as const) {
      const res = await call(ctx.app, api.validateAgentInformation, anon, {
        body: applicant({ [field]: value }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().Params.field).toContain(field);
    }
  });
});

describe('InsertAgentSignUp and the master decision', () => {
  let approvedId = 0;

  it('files a pending sign-up and refuses the same login or e-mail again, storing nothing', async () => {
    const anon = await anonymous(ctx.app, '10.5.0.1');
    const res = await call(ctx.app, api.insertAgentSignUp, anon, { body: applicant() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ Status: 'pending' });
    approvedId = res.json().IdSignUp;
    const before = await countSignUps();
    const again = await call(ctx.app, api.insertAgentSignUp, anon, {
      body: applicant({ Email: 'other@example.com' }),
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ Code: 'login_taken', Params: { field: 'Login' } });
    const sameMail = await call(ctx.app, api.insertAgentSignUp, anon, {
      body: applicant({ Login: 'OTHERLOGIN' }),
    });
    expect(sameMail.json()).toMatchObject({ Code: 'email_registered', Params: { field: 'Email' } });
    expect(await countSignUps()).toBe(before);
    const [row] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'signup.filed'), eq(auditLog.targetId, approvedId)));
    expect(row).toMatchObject({ actorKind: 'public' });
  });

  it('limits sign-ups per address with 429 and Retry-After', async () => {
    const anon = await anonymous(ctx.app, '10.5.0.2');
    let res;
    for (let i = 0; i < 11; i++) {
      res = await call(ctx.app, api.insertAgentSignUp, anon, {
        body: applicant({ Login: `RATE${i}`, Email: `rate${i}@example.com` }),
      });
    }
    expect(res!.statusCode).toBe(429);
    expect(Number(res!.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('shows pending sign-ups to the master only', async () => {
    expect((await call(ctx.app, api.getAgentSignUps, null)).statusCode).toBe(401);
    const ag1 = await logIn(ctx.app, 'AG1', 'demo-agent');
    expect((await call(ctx.app, api.getAgentSignUps, ag1)).statusCode).toBe(403);
    const player = await logIn(ctx.app, 'PL1001', 'demo-player');
    expect((await call(ctx.app, api.getAgentSignUps, player)).statusCode).toBe(403);
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const res = await call(ctx.app, api.getAgentSignUps, master);
    expect(res.statusCode).toBe(200);
    const mine = res.json().Rows.find((r: { IdSignUp: number }) => r.IdSignUp === approvedId);
    expect(mine.Data).toMatchObject({ Login: 'ANARUIZ', Email: 'ana.ruiz@example.com' });
    const other = await logIn(ctx.app, 'MASTER2', 'demo-master', 2);
    const rows = (await call(ctx.app, api.getAgentSignUps, other)).json().Rows;
    expect(rows.some((r: { IdSignUp: number }) => r.IdSignUp === approvedId)).toBe(false);
  });

  it("lists the parents an approval may choose, with the rights it may give and the chain's caps", async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const ag1SubId = await idOf(ctx.database, 'agents', 'AG1SUB');
    await ctx.database.db.execute(
      sql`update agents set credit_limit_cap = 900000, max_wager_cap = 80000
          where login in ('AG1', 'AG1SUB') and site_id = 1`,
    );
    await ctx.database.db.execute(
      sql`update agents set max_wager_cap = 70000 where id = ${ag1SubId}`,
    );
    try {
      const res = await call(ctx.app, api.getAgentSignUps, master);
      expect(res.statusCode, res.body).toBe(200);
      const parents: Array<Record<string, unknown>> = res.json().Parents;
      const byLogin = new Map(parents.map((p) => [p.Login, p]));
      expect(parents[0]).toMatchObject({ Login: 'MASTER', IdParent: null, Depth: 0 });
      // Its whole tree, never another site's agents.
      expect([...byLogin.keys()].sort()).toEqual(
        ['AG1', 'AG1SUB', 'AG1SUB2', 'AG1SUBA', 'AG2', 'AG2SUB', 'AG3', 'MASTER'].sort(),
      );
      expect(byLogin.get('MASTER')).toMatchObject({
        Currency: 'USD',
        CreditLimitCap: null,
        MaxWagerCap: null,
        ViewOnlyRequired: false,
      });
      // What decideAgentSignUp accepts: the parent's rights, and view-only.
      expect(byLogin.get('AG2')).toMatchObject({
        IdParent: await idOf(ctx.database, 'agents', 'MASTER'),
        Grantable: ['viewReports', 'changePasswords', 'seeCasino', 'managePayments', 'viewOnly'],
      });
      expect(byLogin.get('AG1SUB2')).toMatchObject({
        Grantable: ['viewReports', 'viewOnly'],
        ViewOnlyRequired: true,
      });
      // The tightest cap of the chain.
      expect(byLogin.get('AG1SUBA')).toMatchObject({
        CreditLimitCap: 900_000,
        MaxWagerCap: 70_000,
      });
    } finally {
      await ctx.database.db.execute(
        sql`update agents set credit_limit_cap = null, max_wager_cap = null where site_id = 1`,
      );
    }
  });

  it('approves: the agent is created under the chosen parent with its rights and caps, and gets a link', async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const other = await logIn(ctx.app, 'MASTER2', 'demo-master', 2);
    const masterId = await idOf(ctx.database, 'agents', 'MASTER');
    const ag2Id = await idOf(ctx.database, 'agents', 'AG2');
    const terms = {
      IdParent: ag2Id,
      Rights: ['viewReports', 'seeCasino', 'managePayments'],
      CreditLimitCap: 400_000,
      MaxWagerCap: 50_000,
    };
    const decide = (caller: typeof master, body: Record<string, unknown>) =>
      call(ctx.app, api.decideAgentSignUp, caller, {
        body: {
          IdSignUp: approvedId,
          Decision: 'approve',
          currentURL: 'http://localhost:8080/AgentSignUps',
          ...terms,
          ...body,
        },
      });
    const refusal = async (caller: typeof master, body: Record<string, unknown>) => {
      const res = await decide(caller, body);
      expect(res.statusCode, res.body).toBe(400);
      const { Code, Params } = res.json() as { Code: string; Params: Record<string, unknown> };
      return `${Code} ${JSON.stringify(Params)}`;
    };

    expect(
      (await decide(other, { IdParent: await idOf(ctx.database, 'agents', 'MASTER2', 2) }))
        .statusCode,
    ).toBe(404);
    expect(await refusal(master, { currentURL: 'https://evil.example/' })).toBe(
      'origin_not_allowed {"field":"currentURL"}',
    );
    expect(await refusal(master, { IdParent: undefined, Rights: undefined })).toBe(
      'field_required {"field":"IdParent"}',
    );
    // Another site's agent is not in the tree; it answers like an id that names nobody.
    const foreign = await refusal(master, {
      IdParent: await idOf(ctx.database, 'agents', 'ESAG1', 2),
    });
    expect(foreign).toBe('parent_not_in_tree {}');
    expect(await refusal(master, { IdParent: 999_999 })).toBe(foreign);
    // Rights narrow downwards: AG2 cannot delete wagers, so neither can an agent under it.
    expect(await refusal(master, { Rights: ['viewReports', 'deleteWagers'] })).toBe(
      'right_beyond_parent {"right":"deleteWagers"}',
    );
    // Nor may the approver give what it does not hold itself.
    await ctx.database.db.execute(
      sql`update agents set rights = array_remove(rights, 'seeCasino') where id = ${masterId}`,
    );
    try {
      expect(await refusal(master, { IdParent: masterId })).toBe(
        'right_beyond_own {"right":"seeCasino"}',
      );
    } finally {
      await ctx.database.db.execute(
        sql`update agents set rights = array_append(rights, 'seeCasino') where id = ${masterId}`,
      );
    }
    // Caps sit inside the parent's.
    await ctx.database.db.execute(
      sql`update agents set credit_limit_cap = 500000, max_wager_cap = 60000 where id = ${ag2Id}`,
    );
    expect(await refusal(master, { CreditLimitCap: 500_001 })).toBe(
      'cap_above_parent {"field":"CreditLimitCap","cap":500000}',
    );
    expect(await refusal(master, { MaxWagerCap: 60_001 })).toBe(
      'cap_above_parent {"field":"MaxWagerCap","cap":60000}',
    );
    expect(await refusal(master, { MaxWagerCap: 0 })).toBe('invalid_field {"field":"MaxWagerCap"}');
    const [pending] = await ctx.database.db
      .select()
      .from(signUps)
      .where(eq(signUps.id, approvedId));
    expect(pending!.status).toBe('pending');

    const res = await decide(master, {});
    expect(res.statusCode, res.body).toBe(200);
    const { IdAgent } = res.json();
    expect(res.json()).toMatchObject({ Status: 'approved' });
    const closure = await ctx.database.db
      .select()
      .from(agentClosure)
      .where(eq(agentClosure.descendantId, IdAgent));
    expect(closure.map((c) => [c.ancestorId, c.depth]).sort()).toEqual(
      [
        [IdAgent, 0],
        [ag2Id, 1],
        [masterId, 2],
      ].sort(),
    );
    const [created] = await ctx.database.db.select().from(agents).where(eq(agents.id, IdAgent));
    expect(created).toMatchObject({
      parentId: ag2Id,
      depth: 2,
      rights: terms.Rights,
      creditLimitCap: 400_000,
      maxWagerCap: 50_000,
      passwordHash: null,
      // The parent's currency, in which the caps are.
      currency: 'USD',
    });

    // The e-mailed link sets the password, with no second code, and signs the agent in.
    const [mail] = await ctx.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'ana.ruiz@example.com'))
      .orderBy(desc(mailOutbox.id));
    expect(mail!.subject).toBe('Su solicitud de agente fue aprobada');
    const token = new URLSearchParams(mail!.text.split('#')[1]).get('Token')!;
    const anon = await anonymous(ctx.app, '10.5.0.9');
    const setPassword = (NewPassword: string) =>
      call(ctx.app, api.setPasswordByLink, anon, {
        body: { Player: 'ANARUIZ', Token: token, SiteId: 1, NewPassword },
      });
    const common = await setPassword('password123');
    expect(common.statusCode).toBe(400);
    expect(common.json()).toMatchObject({
      Code: 'password_common',
      Params: { field: 'NewPassword' },
    });
    const set = await setPassword('a long secret of Ana');
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ Kind: 'agent', Player: 'ANARUIZ', Language: 'es' });
    expect((await setPassword('another long secret')).statusCode).toBe(401);

    const ana = await logIn(ctx.app, 'ANARUIZ', 'a long secret of Ana', 1, '10.5.0.9');
    const profile = await call(ctx.app, api.agentLogin, ana);
    expect(profile.json()).toMatchObject({
      Agent: { Login: 'ANARUIZ', IdParent: ag2Id },
      Rights: terms.Rights,
    });
    const book = await call(ctx.app, api.weeklyBalance, ana, { body: { period: 2 } });
    expect(book.statusCode, book.body).toBe(200);
    expect(book.json()).toMatchObject({ Rows: [], TotalRows: 0 });
    // A right not given stays shut: changing passwords needs changePasswords.
    const shut = await call(ctx.app, api.changeAgentsPassword, ana, {
      body: { IdAgent: IdAgent, NewPassword: 'whatever it is 1' },
    });
    expect(shut.statusCode).toBe(403);

    const twice = await call(ctx.app, api.decideAgentSignUp, master, {
      body: { IdSignUp: approvedId, Decision: 'reject', currentURL: 'http://localhost:8080/' },
    });
    expect(twice.statusCode).toBe(409);
    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'signup.approved'), eq(auditLog.targetId, approvedId)));
    expect(audits).toHaveLength(1);
  });

  it('rejects: nothing created, the applicant told', async () => {
    const anon = await anonymous(ctx.app, '10.5.0.3');
    const filed = await call(ctx.app, api.insertAgentSignUp, anon, {
      body: applicant({ Login: 'NOPE1', Email: 'nope1@example.com', Language: 'en' }),
    });
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const res = await call(ctx.app, api.decideAgentSignUp, master, {
      body: {
        IdSignUp: filed.json().IdSignUp,
        Decision: 'reject',
        currentURL: 'http://localhost:8080/',
      },
    });
    expect(res.json()).toMatchObject({ Status: 'rejected', IdAgent: null });
    const agents = await ctx.database.db.execute(sql`select 1 from agents where login = 'NOPE1'`);
    expect((agents as unknown as { rows: unknown[] }).rows).toHaveLength(0);
    const [mail] = await ctx.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'nope1@example.com'));
    expect(mail!.subject).toBe('Your agent application');
  });
});

describe('captcha', () => {
  let verify: CaptchaVerifier;
  let url = '';
  beforeAll(async () => {
    verify = await startCaptchaVerifier('test-secret');
    url = verify.url;
    await ctx.database.db
      .update(sites)
      .set({ captchaSiteKey: 'test-site-key', captchaSecret: 'test-secret' })
      .where(eq(sites.id, 2));
  });
  afterAll(async () => {
    verify?.close();
    await ctx.database.db
      .update(sites)
      .set({ captchaSiteKey: null, captchaSecret: null })
      .where(eq(sites.id, 2));
  });

  it('is checked on the server when the site has keys', async () => {
    const app = await buildApp({
      config: { ...ctx.config, captchaVerifyUrl: url },
      database: ctx.database,
      now: testClock,
    });
    try {
      const config = await call(app, api.getAgentSignUpConfigurationBySite, null, {
        query: { SiteId: 2 },
      });
      expect(config.json().CaptchaSiteKey).toBe('test-site-key');
      const anon = await anonymous(app, '10.6.0.1');
      const data = applicant({ SiteId: 2, Login: 'CAPTCHA1', Email: 'captcha1@example.com' });
      const before = await countSignUps();
      await expectTokensRefused(app, anon, data);
      expect(await countSignUps()).toBe(before);
      const good = await call(app, api.insertAgentSignUp, anon, {
        body: { ...data, CaptchaToken: 'solved' },
      });
      expect(good.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('country asset and geo lookup', () => {
  it('serves the versioned country list with flags from our origin', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/assets/data/countries.json' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.Version).toBe('1.0');
    const us = body.Countries.find((c: { Code: string }) => c.Code === 'US');
    expect(us).toMatchObject({ DialCode: '+1', Flag: 'flags/US.svg' });
    expect(us.Names.es).toBe('Estados Unidos');
    const flag = await ctx.app.inject({ method: 'GET', url: '/assets/flags/US.svg' });
    expect(flag.statusCode).toBe(200);
    expect(flag.headers['content-type']).toContain('image/svg+xml');
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/assets/flags/..%2Fx.svg' })).statusCode,
    ).toBe(404);
  });

  it("finds the caller's country offline", async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/core/Geo/Lookup',
      remoteAddress: '8.8.8.8',
    });
    expect(res.json()).toEqual({ Ip: '8.8.8.8', Country: 'US' });
    const local = await ctx.app.inject({ method: 'GET', url: '/api/core/Geo/Lookup' });
    expect(local.json().Country).toBeNull();
  });
});
