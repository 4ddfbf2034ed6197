// What the real server sends over the wire (issue 14, item 9): the built app served by buildApp on
// a fresh embedded demo of 2,000 players, asked as Chromium asks (Accept-Encoding: gzip, deflate,
// br, zstd), counted before any decoding. The budgets check these bytes, not sizes computed here.
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { join } from 'node:path';
import { api, DEFAULT_BASES } from '@backline/contract';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/open-database.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { seedDemo } from '../apps/server/src/seed/seed-demo.ts';
import { signInAsMaster } from './bench/master-session.ts';

export const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';
/** The demo's "now": a fixed Wednesday, so the week measured is the same whenever this runs. */
export const SERVED_NOW = new Date('2026-11-18T15:00:00Z');
export const SERVED_PLAYERS = 2000;

/**
 * The budgets of what is served. Before compression: entry 254 KB, the report 535 KB as served;
 * brotli brings them to 68 KB and 58 KB (quality 11 at build time, 5 per request).
 */
export const ENTRY_SERVED_BUDGET = 90 * 1024;
export const REPORT_SERVED_BUDGET = 64 * 1024;

export interface ServedAnswer {
  status: number;
  encoding: string | null;
  vary: string;
  contentType: string;
  /** Bytes of the body as sent. */
  bytes: number;
}

export interface ServedRow {
  name: string;
  /** As a browser gets it (brotli when it is offered). */
  served: ServedAnswer;
  /** Asked with gzip alone, and with no encoding (identity). */
  gzip: number;
  identity: number;
  budget: number | undefined;
}

export function rawRequest(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<ServedAnswer> {
  return new Promise((resolvePromise, reject) => {
    const req = request(url, { method: init.method ?? 'GET', headers: init.headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () =>
        resolvePromise({
          status: res.statusCode ?? 0,
          encoding: (res.headers['content-encoding'] as string | undefined) ?? null,
          vary: String(res.headers.vary ?? ''),
          contentType: String(res.headers['content-type'] ?? ''),
          bytes,
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

async function row(
  name: string,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string },
  budget: number | undefined,
): Promise<ServedRow> {
  const ask = (encodings: string) =>
    rawRequest(url, { ...init, headers: { ...init.headers, 'accept-encoding': encodings } });
  const served = await ask(BROWSER_ENCODINGS);
  const gzip = await ask('gzip');
  const identity = await ask('identity');
  return { name, served, gzip: gzip.bytes, identity: identity.bytes, budget };
}

/** Problems with a row: not compressed, no Vary, over its budget, or not answered. */
export function servedFailures(rows: ServedRow[]): string[] {
  const failures: string[] = [];
  for (const r of rows) {
    if (r.served.status !== 200) failures.push(`${r.name} answered ${r.served.status}.`);
    else if (r.served.encoding !== 'br')
      failures.push(`${r.name} went out as ${r.served.encoding ?? 'identity'}, not brotli.`);
    if (!/accept-encoding/i.test(r.served.vary))
      failures.push(`${r.name} has no Vary: accept-encoding.`);
    if (r.budget !== undefined && r.served.bytes > r.budget)
      failures.push(`${r.name} is served as ${kb(r.served.bytes)}, over ${kb(r.budget)}.`);
  }
  return failures;
}

/** Serves `distDir` from the real app on a fresh demo and measures the answers that matter. */
export async function measureServed(
  distDir: string,
  entryFile: string,
  players = SERVED_PLAYERS,
): Promise<ServedRow[]> {
  const database = await openDatabase({});
  try {
    await seedDemo(database.db, { now: SERVED_NOW, players, weeks: 2 });
    const config = loadConfig({
      NODE_ENV: 'production',
      // Production refuses to start without its own key (config.ts).
      PLATFORM_SECRET_KEY: process.env.PLATFORM_SECRET_KEY ?? randomBytes(32).toString('hex'),
      LOG_LEVEL: 'silent',
      WEB_DIST: distDir,
      LOGIN_LIMIT_PER_ADDRESS: '1000',
    });
    const app = await buildApp({ config, database, now: () => SERVED_NOW });
    try {
      const origin = await app.listen({ host: '127.0.0.1', port: 0 });
      const { csrf, header } = await signInAsMaster(origin);
      const master = {
        authorization: header(0),
        'content-type': 'application/json',
        'x-csrf-token': csrf,
        cookie: `bl_csrf=${csrf}`,
      };
      return [
        await row('log-in page', `${origin}/login?SiteId=1`, {}, undefined),
        await row('entry script', `${origin}/${entryFile}`, {}, ENTRY_SERVED_BUDGET),
        await row('i18n/en.json', `${origin}${DEFAULT_BASES.assets}i18n/en.json`, {}, undefined),
        await row(
          `NewWeeklyBalance, MASTER, last week (${players} players)`,
          `${origin}${DEFAULT_BASES.reports}${api.newWeeklyBalance.path}`,
          { method: 'POST', headers: master, body: JSON.stringify({ period: 3 }) },
          REPORT_SERVED_BUDGET,
        ),
      ];
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

export function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

export function printServed(rows: ServedRow[]): void {
  console.log(`Served bytes (Accept-Encoding: ${BROWSER_ENCODINGS}; then gzip alone; then none):`);
  const lines = rows.map((r) => [
    r.name,
    `${kb(r.served.bytes)} ${r.served.encoding ?? 'identity'}`,
    kb(r.gzip),
    kb(r.identity),
    r.budget === undefined ? '' : kb(r.budget),
  ]);
  const head = ['answer', 'served', 'gzip', 'identity', 'budget'];
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const format = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  console.log(format(head));
  for (const line of lines) console.log(format(line));
}

export const DEFAULT_DIST = join(import.meta.dirname, '../apps/web/dist');
