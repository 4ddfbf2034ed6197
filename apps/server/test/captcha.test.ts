// A site's captcha end to end on the server: the provider the site names (hCaptcha or Turnstile),
// the widget the form is told to render, the token checked against a real verify endpoint on
// loopback, and a CSP that lets in exactly the provider's origins, on the sign-up pages only.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { api } from '@backline/contract';
import { buildApp } from '../src/app.ts';
import { signUps, sites } from '../src/db/schema.ts';
import {
  expectTokensRefused,
  startCaptchaVerifier,
  type CaptchaVerifier,
} from './captcha-verifier.ts';
import { anonymous, call, refused, testClock, useTestApp } from './helpers.ts';

const ctx = useTestApp();

let verify: CaptchaVerifier;
let verifyUrl = '';
let asked: URLSearchParams[] = [];
let app: FastifyInstance;
let local: FastifyInstance;
// The page's headers do not depend on the web build, which npm test makes only after the API tests.
const webDist = mkdtempSync(join(tmpdir(), 'backline-captcha-web-'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Backline</title>');

const csp = async (instance: FastifyInstance, url: string) => {
  const page = await instance.inject({ url });
  expect(page.statusCode).toBe(200);
  return Object.fromEntries(
    String(page.headers['content-security-policy'])
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...sources]) => [name, sources.join(' ')]),
  ) as Record<string, string>;
};

beforeAll(async () => {
  verify = await startCaptchaVerifier('turnstile-secret');
  ({ url: verifyUrl, asked } = verify);
  // Site 2 (the standard form) uses Turnstile; site 1 names no provider and gets hCaptcha.
  await ctx.database.db
    .update(sites)
    .set({
      captchaSiteKey: 'turnstile-key',
      captchaSecret: 'turnstile-secret',
      signUpConfig: { CaptchaProvider: 'turnstile' },
    })
    .where(eq(sites.id, 2));
  await ctx.database.db
    .update(sites)
    .set({ captchaSiteKey: 'hcaptcha-key', captchaSecret: 'hcaptcha-secret' })
    .where(eq(sites.id, 1));
  app = await buildApp({
    config: { ...ctx.config, captchaVerifyUrl: verifyUrl, webDist },
    database: ctx.database,
    now: testClock,
  });
  local = await buildApp({
    config: {
      ...ctx.config,
      captchaVerifyUrl: verifyUrl,
      captchaScriptOrigin: 'http://127.0.0.1:4999',
      webDist,
    },
    database: ctx.database,
    now: testClock,
  });
});

afterAll(async () => {
  rmSync(webDist, { recursive: true, force: true });
  await app?.close();
  await local?.close();
  verify?.close();
  await ctx.database.db
    .update(sites)
    .set({ captchaSiteKey: null, captchaSecret: null, signUpConfig: null })
    .where(eq(sites.id, 2));
  await ctx.database.db
    .update(sites)
    .set({ captchaSiteKey: null, captchaSecret: null })
    .where(eq(sites.id, 1));
});

describe('the form is told which widget to render', () => {
  it("names the site's provider, its public key and the provider's script", async () => {
    const two = await call(app, api.getAgentSignUpConfigurationBySite, null, {
      query: { SiteId: 2 },
    });
    expect(two.json()).toMatchObject({
      IsGeneric: true,
      CaptchaSiteKey: 'turnstile-key',
      Captcha: {
        Provider: 'turnstile',
        SiteKey: 'turnstile-key',
        ScriptUrl: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
      },
    });
    expect(two.body).not.toContain('turnstile-secret');
    const one = await call(app, api.getAgentSignUpConfigurationBySite, null, {
      query: { SiteId: 1 },
    });
    expect(one.json()).toMatchObject({
      IsGeneric: false,
      Captcha: {
        Provider: 'hcaptcha',
        SiteKey: 'hcaptcha-key',
        ScriptUrl: 'https://js.hcaptcha.com/1/api.js?render=explicit',
      },
    });
  });

  it('loads the script from the configured origin, the path kept', async () => {
    const two = await call(local, api.getAgentSignUpConfigurationBySite, null, {
      query: { SiteId: 2 },
    });
    expect(two.json().Captcha.ScriptUrl).toBe(
      'http://127.0.0.1:4999/turnstile/v0/api.js?render=explicit',
    );
  });
});

describe('InsertAgentSignUp on a captcha site', () => {
  const data = {
    SiteId: 2,
    FirstName: 'Teo',
    LastName: 'Lara',
    Email: 'teo.lara@example.com',
    Login: 'TEOLARA',
    Phone: '+34 600 555 010',
    Country: 'ES',
  };
  const filed = async () =>
    Number(
      (
        await ctx.database.db
          .select({ n: sql<number>`count(*)` })
          .from(signUps)
          .where(eq(signUps.siteId, 2))
      )[0]?.n,
    );

  it('refuses a missing or wrong token with its code and files nothing', async () => {
    const anon = await anonymous(app, '10.7.0.1');
    const before = await filed();
    await expectTokensRefused(app, anon, data);
    expect(await filed()).toBe(before);
  });

  it("accepts a solved token, checked with the site's secret and the caller's address", async () => {
    const anon = await anonymous(app, '10.7.0.2');
    asked.length = 0;
    const res = await call(app, api.insertAgentSignUp, anon, {
      body: { ...data, CaptchaToken: 'solved' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ Status: 'pending' });
    expect(asked).toHaveLength(1);
    expect(Object.fromEntries(asked[0]!)).toEqual({
      secret: 'turnstile-secret',
      response: 'solved',
      remoteip: '10.7.0.2',
    });
  });

  it('answers 503 with its code when the verify endpoint does not answer', async () => {
    const down = await buildApp({
      config: { ...ctx.config, captchaVerifyUrl: 'http://127.0.0.1:1/siteverify' },
      database: ctx.database,
      now: testClock,
    });
    try {
      const anon = await anonymous(down, '10.7.0.3');
      const res = await call(down, api.insertAgentSignUp, anon, {
        body: { ...data, Login: 'TEOLARA2', Email: 'teo2@example.com', CaptchaToken: 'solved' },
      });
      refused(res, 503, 'captcha_unavailable');
    } finally {
      await down.close();
    }
  });
});

describe("the sign-up page's CSP", () => {
  it("lets in exactly the site's provider's origins, on its sign-up pages only", async () => {
    const turnstile = await csp(app, '/AgentSignUpGeneric?SiteId=2');
    for (const directive of ['script-src', 'style-src', 'connect-src', 'frame-src']) {
      expect(turnstile[directive]).toBe("'self' https://challenges.cloudflare.com");
    }
    expect(turnstile['default-src']).toBe("'self'");
    const hcaptcha = await csp(app, '/AgentSignUp?SiteId=1');
    expect(hcaptcha['script-src']).toBe("'self' https://hcaptcha.com https://*.hcaptcha.com");
    expect(hcaptcha['frame-src']).toBe("'self' https://hcaptcha.com https://*.hcaptcha.com");
    // The same site's other pages, and a page of no site, stay closed to it.
    for (const url of ['/login?SiteId=2', '/WeeklyBalance?SiteId=1', '/AgentSignUp']) {
      const other = await csp(app, url);
      expect(other['script-src'], url).toBe("'self'");
      expect(other['frame-src'], url).toBe("'self'");
      expect(other['connect-src'], url).toBe("'self'");
    }
  });

  it('names the configured script origin instead of the provider’s', async () => {
    const page = await csp(local, '/AgentSignUpGeneric?SiteId=2');
    expect(page['script-src']).toBe("'self' http://127.0.0.1:4999");
    expect(page['frame-src']).toBe("'self' http://127.0.0.1:4999");
  });
});
