// The quick start, timed: `node apps/server/src/main.ts` on a fresh embedded database with the
// default demo (2,000 players, 12 weeks) must answer /healthz and serve the app within 90 s.
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const LIMIT_MS = 90_000;

async function freePort(): Promise<number> {
  const s = createServer().listen(0, '127.0.0.1');
  await once(s, 'listening');
  const port = (s.address() as { port: number }).port;
  s.close();
  return port;
}

export async function startCheck(): Promise<number> {
  const dataDir = mkdtempSync(join(tmpdir(), 'backline-start-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    // Production refuses to start without its own key (config.ts).
    PLATFORM_SECRET_KEY: process.env.PLATFORM_SECRET_KEY ?? randomBytes(32).toString('hex'),
  };
  delete env.DATABASE_URL;
  delete env.SEED_NOW;
  delete env.NOW;
  delete env.SEED_PLAYERS;
  const started = Date.now();
  const server = spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout.on('data', (c: Buffer) => (output += c.toString()));
  server.stderr.on('data', (c: Buffer) => (output += c.toString()));
  try {
    while (Date.now() - started < LIMIT_MS) {
      if (server.exitCode !== null) throw new Error(`the server exited:\n${output.slice(-3000)}`);
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`)
        .then((r) => r.status === 200)
        .catch(() => false);
      if (ok) {
        const page = await fetch(`http://127.0.0.1:${port}/login?SiteId=1`);
        const html = await page.text();
        // The app's page, with the log-in form drawn in it at build time (apps/web/build/login-shell.ts).
        if (
          page.status !== 200 ||
          !html.includes('<div id="root">') ||
          !html.includes('data-login-shell')
        ) {
          throw new Error(`/login answered ${page.status} without the app's log-in page`);
        }
        const elapsed = Date.now() - started;
        console.log(
          `npm start served the app with demo data in ${(elapsed / 1000).toFixed(1)} s (limit 90 s)`,
        );
        return elapsed;
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error(
      `the server did not answer within ${LIMIT_MS / 1000} s:\n${output.slice(-3000)}`,
    );
  } finally {
    server.kill('SIGTERM');
    await once(server, 'exit').catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  startCheck().catch((error: unknown) => {
    console.error(`start check failed: ${(error as Error).message}`);
    process.exit(1);
  });
}
