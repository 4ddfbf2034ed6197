// The log-in page drawn at build time (issue 14 item 9): /login answers it with a CSP that lets in
// exactly its inline script and style by hash, never 'unsafe-inline'; every other page answers the
// plain index, whose policy allows no inline part; the file itself is not served under its name.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { inlineSourcesOf } from '../src/plugins/spa.ts';
import { loginShellPage, wordsOf } from '../../web/build/login-shell.ts';
import { testClock, useTestApp } from './helpers.ts';

const ctx = useTestApp();
let app: FastifyInstance;
const webDist = mkdtempSync(join(tmpdir(), 'backline-login-shell-'));
// As Vite writes it: the entry script, its preloads and its stylesheet in the head.
const INDEX =
  '<!doctype html><html lang="en"><head><title>Backline</title>' +
  '<script type="module" crossorigin src="/assets/index-AbCdEf12.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/api-AbCdEf12.js">' +
  '<link rel="stylesheet" crossorigin href="/assets/index-AbCdEf12.css"></head>' +
  '<body><div id="root"></div></body></html>';
const WORDS = wordsOf(
  JSON.stringify({
    common: { language: 'Language' },
    login: {
      title: 'Log in',
      intro: 'Back <office>',
      login: 'Login',
      password: 'Password',
      site: 'Site',
      submit: 'Log in',
    },
  }),
);
const LOGIN = loginShellPage(
  INDEX,
  { href: '/assets/index-AbCdEf12.css', text: 'a>b{color:red}' },
  WORDS,
);
writeFileSync(join(webDist, 'index.html'), INDEX);
writeFileSync(join(webDist, 'login.html'), LOGIN);

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

function directives(header: unknown): Record<string, string> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...sources]) => [name, sources.join(' ')]),
  ) as Record<string, string>;
}

beforeAll(async () => {
  app = await buildApp({
    config: { ...ctx.config, webDist },
    database: ctx.database,
    now: testClock,
  });
});

afterAll(async () => {
  await app?.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('the drawn log-in page', () => {
  it('is built from index.html: the form in #root, the stylesheet inline, the entry started by its script', () => {
    expect(LOGIN).toContain('<form class="login-form" data-login-shell');
    expect(LOGIN).toContain('<style>a>b{color:red}</style>');
    expect(LOGIN).not.toContain('rel="stylesheet"');
    // Nothing of the app is fetched before the drawn form's first frame: the script asks for the
    // entry and its chunks (modulepreload, all at once) only after it.
    expect(LOGIN).not.toContain('rel="modulepreload"');
    expect(LOGIN).not.toContain('<script type="module"');
    expect(LOGIN).toContain(
      'for(const href of ["/assets/index-AbCdEf12.js","/assets/api-AbCdEf12.js"])',
    );
    expect(LOGIN).toContain('import("/assets/index-AbCdEf12.js")');
    // Words are escaped as text, never markup.
    expect(LOGIN).toContain('Back &lt;office&gt;');
    expect(LOGIN).toContain('<title>Log in · Backline</title>');
  });

  it('refuses an index.html it cannot draw into', () => {
    const css = { href: '/assets/index-AbCdEf12.css', text: '' };
    expect(() => loginShellPage(INDEX.replace('<div id="root"></div>', ''), css, WORDS)).toThrow(
      /#root/,
    );
    expect(() => loginShellPage(INDEX.replace(/<script[^>]*><\/script>/, ''), css, WORDS)).toThrow(
      /entry script/,
    );
    expect(() => wordsOf('{}')('login.title')).toThrow(/login.title/);
  });

  it('answers /login with its inline script and style allowed by hash, and nothing else inline', async () => {
    for (const url of ['/login?SiteId=1', '/login', '/Login?SiteId=2']) {
      const page = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
      expect(page.statusCode).toBe(200);
      expect(page.body).toBe(LOGIN);
      const script = /<script>([\s\S]*?)<\/script>/.exec(LOGIN)![1]!;
      const style = /<style>([\s\S]*?)<\/style>/.exec(LOGIN)![1]!;
      const csp = directives(page.headers['content-security-policy']);
      expect(csp['script-src']).toBe(`'self' ${sha256(script)}`);
      expect(csp['style-src']).toBe(`'self' ${sha256(style)}`);
      expect(String(page.headers['content-security-policy'])).not.toContain('unsafe-inline');
    }
    expect(inlineSourcesOf(LOGIN)).toEqual({
      script: sha256(/<script>([\s\S]*?)<\/script>/.exec(LOGIN)![1]!),
      style: sha256(/<style>([\s\S]*?)<\/style>/.exec(LOGIN)![1]!),
    });
  });

  it('answers it compressed like every page', async () => {
    const page = await app.inject({ url: '/login?SiteId=1', headers: { 'accept-encoding': 'br' } });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.rawPayload.length).toBeLessThan(Buffer.byteLength(LOGIN));
  });

  it('answers every other page with the plain index, whose policy lets nothing inline run', async () => {
    for (const url of ['/WeeklyBalance', '/', '/login.html', '/404']) {
      const page = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
      expect(page.statusCode).toBe(200);
      expect(page.body).toBe(INDEX);
      const csp = directives(page.headers['content-security-policy']);
      expect(csp['script-src']).toBe("'self'");
      expect(csp['style-src']).toBe("'self'");
    }
  });
});
