// `npm run simulate` against the e2e server, as a platform engineer runs it, bounded in time: the
// platform's wagers arriving through the signed feed, for the screens that must move without a
// reload. And a mark in the page's memory that a reload or a navigation would lose.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { appNow } from './support.ts';

const ROOT = resolve(import.meta.dirname, '..');
// The project's Node 24, as global-setup.ts starts the server with.
const PINNED_NODE = join(ROOT, 'node_modules/.bin/node');
const NODE = existsSync(PINNED_NODE) ? PINNED_NODE : process.execPath;

export interface Simulator {
  child: ChildProcess;
  output: () => string;
}

/** 8 events a second for 45 s under `agent`, two new players named from `prefix`. */
export function simulate(url: string, agent: string, prefix: string): Simulator {
  let output = '';
  const child = spawn(
    NODE,
    [
      'apps/server/src/simulator/simulate-cli.ts',
      ...['--url', url, '--rate', '8', '--seconds', '45', '--agent', agent],
      ...['--new-players', '2', '--prefix', prefix],
      // The server runs on the demo's fixed clock; the platform stamps its events on the same.
      ...['--now', appNow().toISOString()],
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

/** Stops it and attaches what it printed to the test's report. */
export async function stopSimulator(simulator: Simulator, info: TestInfo): Promise<void> {
  simulator.child.kill('SIGTERM');
  if (simulator.child.exitCode === null) await once(simulator.child, 'exit');
  await info.attach('simulator', { body: simulator.output(), contentType: 'text/plain' });
}

/** A mark in the page's memory: a reload or a navigation would lose it. */
export const markDocument = (page: Page) =>
  page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
export const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);
