// A sign-up on a site with captcha, in the browser, without the internet: a local "provider" on
// loopback serves the widget's script (the site's script origin) and answers siteverify (the
// verify URL), and a real Backline server holds a site that uses Turnstile. The page's CSP must
// let the widget in; the token the widget hands over must reach the verify endpoint.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';

const ROOT = resolve(import.meta.dirname, '..');
const PINNED_NODE = join(ROOT, 'node_modules/.bin/node');
const SITE_KEY = 'e2e-turnstile-key';
const SECRET = 'e2e-turnstile-secret';
const TOKEN = 'e2e-solved-token';

/** Turnstile's explicit-render API, in the part the form uses: one button that solves it. */
const WIDGET = `
window.turnstile = {
  render(container, options) {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = 'I am human (' + options.sitekey + ')';
    button.addEventListener('click', () => {
      button.textContent = 'Verified';
      button.disabled = true;
      options.callback(${JSON.stringify(TOKEN)});
    });
    container.append(button);
    return 'widget-1';
  },
  reset() {},
  remove() {},
};`;

let provider: Server;
let providerOrigin = '';
const verified: URLSearchParams[] = [];
let server: ChildProcess;
let appOrigin = '';
let siteId = 0;
let dataDir = '';

async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as AddressInfo;
  probe.close();
  return port;
}

test.beforeAll(async () => {
  provider = createServer((request, response) => {
    if (request.url?.startsWith('/turnstile/v0/api.js')) {
      response.writeHead(200, { 'content-type': 'text/javascript' }).end(WIDGET);
      return;
    }
    if (request.url === '/siteverify' && request.method === 'POST') {
      let body = '';
      request.on('data', (c: Buffer) => (body += c.toString()));
      request.on('end', () => {
        const form = new URLSearchParams(body);
        verified.push(form);
        const success = form.get('secret') === SECRET && form.get('response') === TOKEN;
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ success }));
      });
      return;
    }
    response.writeHead(404).end();
  });
  provider.listen(0, '127.0.0.1');
  await once(provider, 'listening');
  providerOrigin = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;

  const port = await freePort();
  dataDir = mkdtempSync(join(tmpdir(), 'backline-captcha-'));
  server = spawn(
    existsSync(PINNED_NODE) ? PINNED_NODE : process.execPath,
    ['apps/server/test/captcha-site-server.ts', SITE_KEY, SECRET],
    {
      cwd: ROOT,
      env: {
        // The embedded database is what is under test here, never a developer's server.
        ...Object.fromEntries(
          Object.entries(process.env).filter(([k]) => !/^(REPORTS_)?DATABASE_URL$/.test(k)),
        ),
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        CAPTCHA_VERIFY_URL: `${providerOrigin}/siteverify`,
        CAPTCHA_SCRIPT_ORIGIN: providerOrigin,
        SEED_ON_START: 'false',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  siteId = await new Promise<number>((done, fail) => {
    let out = '';
    server.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const ready = /ready (\d+)/.exec(out);
      if (ready) done(Number(ready[1]));
    });
    server.once('exit', (code) => fail(new Error(`the captcha site's server exited (${code})`)));
  });
  appOrigin = `http://127.0.0.1:${port}`;
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = once(server, 'exit');
    server.kill('SIGTERM');
    await exited;
  }
  provider?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('the site’s captcha renders under its CSP, and only a solved one files the sign-up', async ({
  page,
}) => {
  const blocked: string[] = [];
  page.on('console', (m) => {
    if (/Content.Security.Policy/i.test(m.text())) blocked.push(m.text());
  });
  const response = await page.goto(`${appOrigin}/AgentSignUpGeneric?SiteId=${siteId}`);
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain(`script-src 'self' ${providerOrigin};`);
  expect(csp).toContain(`frame-src 'self' ${providerOrigin};`);

  await expect(page.getByRole('heading', { name: /Captcha Book/ })).toBeVisible();
  const check = page.getByRole('group', { name: 'Security check' });
  const solve = check.getByRole('button', { name: `I am human (${SITE_KEY})` });
  await expect(solve).toBeVisible();

  await page.getByLabel('First name').fill('Lucía');
  await page.getByLabel('Last name').fill('Campos');
  await page.getByLabel('E-mail').fill('lucia.campos@example.com');
  await page.getByLabel('Login', { exact: false }).fill('LUCIAC');
  await page.getByLabel('Phone').fill('+52 55 5555 0100');
  await page.getByLabel('Country').selectOption('MX');

  // Not solved: the form says so and sends nothing.
  await page.getByRole('button', { name: 'Send application' }).click();
  await expect(check.getByText('Complete the security check first.')).toBeVisible();
  expect(verified).toHaveLength(0);

  await solve.click();
  await expect(check.getByRole('button', { name: 'Verified' })).toBeDisabled();
  await expect(check.getByText('Complete the security check first.')).toBeHidden();
  await page.getByRole('button', { name: 'Send application' }).click();
  await expect(page.getByRole('heading', { name: 'Application received' })).toBeVisible();

  expect(verified).toHaveLength(1);
  expect(verified[0]!.get('secret')).toBe(SECRET);
  expect(verified[0]!.get('response')).toBe(TOKEN);
  expect(blocked).toEqual([]);
});
