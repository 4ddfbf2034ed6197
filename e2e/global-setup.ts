// Starts the real server on a fresh embedded database with the fixed demo seed, and a tiny
// "agent site" on another origin that frames it, as the product is used in production.
import { spawn, type ChildProcess } from 'node:child_process';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { once } from 'node:events';
import { DEMO_NOW } from './demo-clock.ts';

const ROOT = resolve(import.meta.dirname, '..');
const RESULTS = join(ROOT, 'test-results');
const STARTUP_MS = 90_000;
// The repo pins Node 24 (it runs TypeScript directly); the runner itself may be on an older node.
const PINNED_NODE = join(ROOT, 'node_modules/.bin/node');
const NODE = existsSync(PINNED_NODE) ? PINNED_NODE : process.execPath;

async function freePort(): Promise<number> {
  const server = createNetServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (!address || typeof address === 'string') throw new Error('could not find a free port');
  return address.port;
}

function tail(file: string, lines = 40): string {
  if (!existsSync(file)) return '';
  return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
}

async function waitForHealth(url: string, server: ChildProcess, log: string): Promise<void> {
  const deadline = Date.now() + STARTUP_MS;
  let exited = false;
  server.once('exit', () => (exited = true));
  while (Date.now() < deadline) {
    if (exited) throw new Error(`The server exited during start-up. ${log}:\n${tail(log)}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(
    `GET ${url} did not answer 200 within ${STARTUP_MS / 1000} s. ${log}:\n${tail(log)}`,
  );
}

/** Every spec needs the page and its scripts; a broken asset route fails here, once, clearly. */
async function checkPageAssets(origin: string): Promise<void> {
  const page = await fetch(`${origin}/login?SiteId=1`);
  const html = await page.text();
  if (page.status !== 200)
    throw new Error(`GET /login answered ${page.status}: ${html.slice(0, 300)}`);
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1] as string);
  if (assets.length === 0) throw new Error('GET /login returned a page without /assets/ scripts.');
  for (const asset of assets) {
    const response = await fetch(`${origin}${asset}`);
    if (response.status !== 200) {
      throw new Error(
        `GET ${asset} answered ${response.status}: ${(await response.text()).slice(0, 300)}`,
      );
    }
  }
}

function embeddingSite(appOrigin: string): Server {
  const page = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>Agent site</title></head>
  <body style="margin:0;font-family:sans-serif">
    <h1 style="font-size:16px;margin:8px">Agent site</h1>
    <iframe title="Backline" src="${appOrigin}/login?SiteId=1"
      style="display:block;width:100%;height:calc(100vh - 40px);border:0"></iframe>
  </body>
</html>`;
  return createHttpServer((request, response) => {
    if (request.url === '/' || request.url?.startsWith('/?')) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
    } else response.writeHead(404).end();
  });
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync(join(ROOT, 'apps/web/dist/index.html'))) {
    throw new Error('apps/web/dist is missing: build the web app first (npm run build).');
  }
  mkdirSync(RESULTS, { recursive: true });
  const started = Date.now();
  const port = await freePort();
  const embedPort = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'backline-e2e-'));
  const log = join(RESULTS, 'e2e-server.log');
  const logStream = createWriteStream(log);
  await once(logStream, 'open');

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    SEED_ON_START: 'true',
    SEED_PLAYERS: '300',
    // Every spec logs in from this one address, many as MASTER; the API suite tests both limits.
    LOGIN_LIMIT_PER_ADDRESS: '100000',
    LOGIN_LIMIT_PER_ACCOUNT: '100000',
    // Agent actions go out to a site's webhook once a spec sets one (integration.spec.ts), retried
    // soon enough for a test to watch.
    WEBHOOKS: 'on',
    WEBHOOK_RETRY_DELAY_SECONDS: '1',
    // The risk worker follows the live log and raises alerts (alerts.spec.ts), as in production.
    RISK_WORKER: 'on',
  };
  // One fixed "now" for the seed and the server's clock (demo-clock.ts); the browsers read it too.
  env.NOW = DEMO_NOW;
  delete env.SEED_NOW;
  // The embedded database is what is under test here, never a developer's server.
  delete env.DATABASE_URL;
  delete env.REPORTS_DATABASE_URL;
  const clockStarted = Date.now();
  const server = spawn(NODE, ['apps/server/src/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', logStream, logStream],
  });
  const appOrigin = `http://localhost:${port}`;
  const site = embeddingSite(appOrigin);

  const teardown = async () => {
    await stopProcess(server);
    site.close();
    logStream.end();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(`${appOrigin}/healthz`, server, log);
    await checkPageAssets(appOrigin);
    site.listen(embedPort, '127.0.0.1');
    await once(site, 'listening');
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`Backline at ${appOrigin}, seeded and ready in ${seconds} s (log: ${log})`);
  } catch (error) {
    await teardown();
    throw error;
  }
  // Workers inherit the runner's environment; the config and specs read these.
  process.env.BACKLINE_URL = appOrigin;
  process.env.BACKLINE_EMBED_URL = `http://127.0.0.1:${embedPort}/`;
  process.env.BACKLINE_CLOCK_STARTED = String(clockStarted);
  return teardown;
}
