// Live figures (issue 15 items 8 and 9): with the simulated platform feeding the demo through the
// signed feed, a wager it places shows in its agent's open bets without a reload, and the wager
// center keeps the same page (no navigation) while it changes.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect } from '@playwright/test';
import { appNow, logIn, signedOut as test } from './support.ts';

const ROOT = resolve(import.meta.dirname, '..');
// The project's Node 24, as global-setup.ts starts the server with.
const PINNED_NODE = join(ROOT, 'node_modules/.bin/node');
const NODE = existsSync(PINNED_NODE) ? PINNED_NODE : process.execPath;
const AGENT = { login: 'AG1SUB', password: 'demo-sub', siteId: 1 };

/** `npm run simulate` against the e2e server, as a platform engineer runs it, bounded in time. */
function simulate(url: string, prefix: string): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(
    NODE,
    [
      'apps/server/src/simulator/simulate-cli.ts',
      '--url',
      url,
      '--rate',
      '8',
      '--seconds',
      '45',
      '--agent',
      AGENT.login,
      '--new-players',
      '2',
      '--prefix',
      prefix,
      // The server runs on the demo's fixed clock; the platform stamps its events on the same.
      '--now',
      appNow().toISOString(),
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

test('a wager the platform places shows in its agent’s open bets without a reload', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await logIn(page, AGENT);
  await page.goto('/WagerCenter');
  const open = page.getByRole('table', { name: 'Open wagers' });
  await expect(open.locator('tbody tr').first()).toBeVisible();
  // A mark in this page's memory: a reload or a navigation would lose it.
  await page.evaluate(
    () => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true),
  );

  const prefix = `LIVE${Date.now() % 100_000}X`;
  const simulator = simulate(baseURL as string, prefix);
  try {
    await expect(open.getByText(new RegExp(`^${prefix}\\d+$`)).first()).toBeVisible({
      timeout: 60_000,
    });
    expect(
      await page.evaluate(
        () => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true,
      ),
    ).toBe(true);
  } finally {
    simulator.child.kill('SIGTERM');
    if (simulator.child.exitCode === null) await once(simulator.child, 'exit');
    await test.info().attach('simulator', { body: simulator.output(), contentType: 'text/plain' });
  }
  expect(simulator.output()).toMatch(/placed/i);
});
