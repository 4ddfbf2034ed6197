// Time to the log-in form (issue 14, item 9): how long a cold browser takes, from navigation to the
// first frame in which the password field is visible, in a new context (no cache, no cookies) at
// 1280 px. Two settings: plain localhost, and a slow phone link (CPU x4, 150 ms round trip,
// 1.6 Mbit/s down, 750 kbit/s up: Lighthouse's "slow 4G", through the DevTools protocol).
// Runs against a production build served by the real server.
//
// Alone: node scripts/bench/first-form.ts [--runs 9] [--slow-runs 5] [--url http://host:port]
// (without --url it starts apps/server/src/main.ts on a small fresh demo, serving WEB_DIST or
// apps/web/dist: build the web app first).
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { once } from 'node:events';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM } from '../../e2e/chromium.ts';
import { percentile } from './measure.ts';

export interface FirstFormSetting {
  name: string;
  /** CPU slowdown factor (Emulation.setCPUThrottlingRate); 1 = none. */
  cpu: number;
  /** Network.emulateNetworkConditions, or null for the plain loopback. */
  network: { latency: number; downloadThroughput: number; uploadThroughput: number } | null;
}

export const LOCALHOST: FirstFormSetting = { name: 'localhost', cpu: 1, network: null };
export const SLOW_PHONE: FirstFormSetting = {
  name: 'slow phone (CPU x4, 150 ms, 1.6 Mbit/s)',
  cpu: 4,
  network: { latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 },
};

/** The figures for the Angular peer, NexusAgent (it cannot be run here). */
export const PEER_MS: Record<string, number> = { [LOCALHOST.name]: 293, [SLOW_PHONE.name]: 15_000 };

// Records, in the page's own clock (ms since navigation start), the frame in which the password
// field first shows, and the frame in which the app's own form has replaced the page's drawn one
// (the log-in shell, apps/web/build/login-shell.ts): from then on Log in sends at once. The observer
// sees each enter the DOM or become visible; the next animation frame is the one painted with it.
const OBSERVER = `(() => {
  const shown = (appOnly) => [...document.querySelectorAll('input[type="password"]')].some((field) =>
    (!appOnly || !field.closest('[data-login-shell]')) &&
    field.checkVisibility({ opacityProperty: true, visibilityProperty: true }));
  let formSeen = false;
  const observer = new MutationObserver(() => {
    if (!formSeen && shown(false)) {
      formSeen = true;
      requestAnimationFrame(() => { window.__firstFormMs = performance.now(); });
    }
    if (!shown(true)) return;
    observer.disconnect();
    requestAnimationFrame(() => { window.__appFormMs = performance.now(); });
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true });
})();`;

interface Run {
  /** The password field first painted. */
  form: number;
  /** The app's own form painted (equal to `form` when the page had no drawn shell). */
  app: number;
}

async function oneRun(browser: Browser, url: string, setting: FirstFormSetting): Promise<Run> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    if (setting.network) {
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, ...setting.network });
    }
    if (setting.cpu !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: setting.cpu });
    await page.addInitScript(OBSERVER);
    await page.goto(url, { waitUntil: 'commit' });
    const handle = await page.waitForFunction(
      () => {
        const w = window as unknown as { __firstFormMs?: number; __appFormMs?: number };
        return w.__firstFormMs !== undefined && w.__appFormMs !== undefined
          ? { form: w.__firstFormMs, app: w.__appFormMs }
          : undefined;
      },
      null,
      { polling: 50, timeout: 60_000 },
    );
    return (await handle.jsonValue()) as Run;
  } finally {
    await context.close();
  }
}

export interface FirstFormFigures {
  setting: string;
  runs: number[];
  median: number;
  /** Median time to the app's own form, ready to send. */
  appMedian: number;
  peer: number | undefined;
}

/** Cold runs of each setting after one discarded warm-up (the server's first answers). */
export async function benchFirstForm(
  origin: string,
  options: { runs?: number; slowRuns?: number; settings?: FirstFormSetting[] } = {},
): Promise<FirstFormFigures[]> {
  const url = `${origin}/login?SiteId=1`;
  const browser = await chromium.launch(CHROMIUM);
  const figures: FirstFormFigures[] = [];
  try {
    for (const setting of options.settings ?? [LOCALHOST, SLOW_PHONE]) {
      const count = setting === LOCALHOST ? (options.runs ?? 9) : (options.slowRuns ?? 5);
      await oneRun(browser, url, setting);
      const runs: Run[] = [];
      for (let i = 0; i < count; i++) runs.push(await oneRun(browser, url, setting));
      const median = (pick: (r: Run) => number) =>
        percentile(
          runs.map(pick).sort((a, b) => a - b),
          50,
        );
      figures.push({
        setting: setting.name,
        runs: runs.map((r) => r.form),
        median: median((r) => r.form),
        appMedian: median((r) => r.app),
        peer: PEER_MS[setting.name],
      });
    }
  } finally {
    await browser.close();
  }
  return figures;
}

export function printFirstForm(figures: FirstFormFigures[]): void {
  console.log('Time to the visible password field, cold, 1280 px (median of N new contexts):');
  for (const f of figures) {
    const peer =
      f.peer === undefined
        ? ''
        : `; peer NexusAgent ${f.peer} ms (issue 14), target <= ${f.peer / 2} ms: ` +
          `${f.median <= f.peer / 2 ? 'met' : 'NOT met'}`;
    const runs = f.runs.map((r) => r.toFixed(0)).join(', ');
    console.log(`  ${f.setting}: ${f.median.toFixed(0)} ms (runs: ${runs})${peer}`);
    console.log(`    the app's own form, ready to send: ${f.appMedian.toFixed(0)} ms`);
  }
}

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

/** The real server (its own process, as in production) on a small fresh demo. */
export async function startFirstFormServer(): Promise<{
  origin: string;
  stop: () => Promise<void>;
}> {
  const root = resolve(import.meta.dirname, '../..');
  const dist = process.env.WEB_DIST ?? join(root, 'apps/web/dist');
  if (!existsSync(join(dist, 'index.html'))) {
    throw new Error(`${dist} has no index.html: run \`npm run build\` first`);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'backline-first-form-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    // Production refuses to start without its own key (config.ts).
    PLATFORM_SECRET_KEY: process.env.PLATFORM_SECRET_KEY ?? randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_PLAYERS: '20',
    SEED_WEEKS: '1',
  };
  // The embedded database: the page's speed does not depend on which one answers /healthz.
  delete env.DATABASE_URL;
  delete env.REPORTS_DATABASE_URL;
  const child = spawn(process.execPath, [join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env,
  });
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    const ok = await fetch(`${origin}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error('the server did not answer /healthz in 120 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    origin,
    stop: async () => {
      child.kill('SIGTERM');
      if (child.exitCode === null) await once(child, 'exit');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '9' },
      'slow-runs': { type: 'string', default: '5' },
      url: { type: 'string' },
    },
  });
  const server = values.url ? null : await startFirstFormServer();
  try {
    const figures = await benchFirstForm(values.url ?? server!.origin, {
      runs: Number(values.runs),
      slowRuns: Number(values['slow-runs']),
    });
    printFirstForm(figures);
  } finally {
    await server?.stop();
  }
}
