// The 100,000-row export: how long the master's graded wagers take to arrive as an .xlsx, and how
// far the server's memory rises meanwhile. scripts/bench.ts calls benchExport with its running app;
// standalone: node scripts/bench/export-bench.ts --url postgres://... [--rows 100000] [--format csv]
//             node scripts/bench/export-bench.ts --data-dir ./data   (PGlite, e.g. after npm run seed)
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { signInAsMaster } from './master-session.ts';
import { pathToFileURL } from 'node:url';
import {
  addDays,
  api,
  DEFAULT_BASES,
  localDate,
  type ExportFormat,
  type WagerPage,
} from '@backline/contract';

export interface ExportBenchOptions {
  /** Where the app listens, e.g. http://127.0.0.1:43210; it must run in this process. */
  address: string;
  /** The Authorization header of a master's session (acting as `actAs`, 0 for itself). */
  header: (actAs: number) => string;
  /** The bl_csrf cookie value the session's calls echo. */
  csrf: string;
  /** Rows wanted at least (default 100,000): the range grows back from `today` until it holds them. */
  rows?: number;
  /** The last day of the range, in the site's zone (default: today in America/New_York). */
  today?: string;
  format?: ExportFormat;
  /** Where to print; default console.log. */
  log?: (line: string) => void;
}

export interface ExportBenchResult {
  startDate: string;
  endDate: string;
  rows: number;
  bytes: number;
  seconds: number;
  /** Until the first byte: the query has run and the first chunk is read. */
  firstByteSeconds: number;
  /** Peak resident set size during the export, above what it was just before, in MB. */
  rssRiseMb: number;
  heapRiseMb: number;
}

const MB = 1024 * 1024;

async function gradedCount(o: ExportBenchOptions, startDate: string, endDate: string) {
  const qs = new URLSearchParams({ startDate, endDate, pageSize: '1' });
  const res = await fetch(
    `${o.address}${DEFAULT_BASES.reports}${api.getGradedBetsReport.path}?${qs}`,
    {
      headers: { authorization: o.header(0) },
    },
  );
  if (!res.ok) throw new Error(`GetGradedBetsReport answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as WagerPage).TotalRows;
}

/** The shortest range ending `today` whose graded wagers number at least `rows` (at most 370 days). */
async function pickRange(o: ExportBenchOptions, rows: number, today: string) {
  let days = 1;
  let count = await gradedCount(o, today, today);
  while (count < rows && days < 370) {
    days = Math.min(370, days * 2);
    count = await gradedCount(o, addDays(today, 1 - days), today);
  }
  let low = Math.floor(days / 2);
  while (count >= rows && days - low > 1) {
    const mid = Math.floor((low + days) / 2);
    const n = await gradedCount(o, addDays(today, 1 - mid), today);
    if (n >= rows) {
      days = mid;
      count = n;
    } else {
      low = mid;
    }
  }
  if (days - low <= 1 && count < rows)
    count = await gradedCount(o, addDays(today, 1 - days), today);
  return { startDate: addDays(today, 1 - days), endDate: today, count };
}

export async function benchExport(o: ExportBenchOptions): Promise<ExportBenchResult> {
  const log = o.log ?? ((line: string) => console.log(line));
  const target = o.rows ?? 100_000;
  const format = o.format ?? 'xlsx';
  const today = o.today ?? localDate(new Date(), 'America/New_York');
  const range = await pickRange(o, target, today);
  log(
    `Export bench: the master's graded wagers ${range.startDate}..${range.endDate}: ${range.count} rows`,
  );
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sample = () => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  };
  const timer = setInterval(sample, 20);
  const started = performance.now();
  let bytes = 0;
  let firstByte = 0;
  try {
    const res = await fetch(`${o.address}${DEFAULT_BASES.reports}${api.exportReport.path}`, {
      method: 'POST',
      headers: {
        authorization: o.header(0),
        'content-type': 'application/json',
        'x-csrf-token': o.csrf,
        cookie: `bl_csrf=${o.csrf}`,
      },
      body: JSON.stringify({
        report: 'gradedBets',
        filters: { startDate: range.startDate, endDate: range.endDate },
        format,
        language: 'en',
      }),
    });
    if (!res.ok || !res.body) throw new Error(`Export answered ${res.status}: ${await res.text()}`);
    for await (const chunk of res.body) {
      firstByte ||= performance.now() - started;
      bytes += (chunk as Uint8Array).byteLength;
    }
  } finally {
    clearInterval(timer);
  }
  const result: ExportBenchResult = {
    startDate: range.startDate,
    endDate: range.endDate,
    rows: range.count,
    bytes,
    seconds: (performance.now() - started) / 1000,
    firstByteSeconds: firstByte / 1000,
    rssRiseMb: (peakRss - before.rss) / MB,
    heapRiseMb: (peakHeap - before.heapUsed) / MB,
  };
  log(
    `Export of ${result.rows} rows as ${format}: ${result.seconds.toFixed(2)} s ` +
      `(first byte after ${result.firstByteSeconds.toFixed(2)} s), ` +
      `${(bytes / MB).toFixed(1)} MB file; server memory rise: RSS ${result.rssRiseMb.toFixed(0)} MB, ` +
      `heap ${result.heapRiseMb.toFixed(0)} MB (limits: 10 s, 200 MB)`,
  );
  return result;
}

async function main() {
  const { values } = parseArgs({
    options: {
      url: { type: 'string' },
      'data-dir': { type: 'string' },
      rows: { type: 'string', default: '100000' },
      format: { type: 'string', default: 'xlsx' },
      today: { type: 'string' },
    },
  });
  if (!values.url && !values['data-dir']) {
    console.error(
      'Usage: node scripts/bench/export-bench.ts --url postgres://... | --data-dir DIR',
    );
    process.exit(2);
  }
  const { loadConfig } = await import('../../apps/server/src/config.ts');
  const { openDatabase } = await import('../../apps/server/src/db/open-database.ts');
  const { buildApp } = await import('../../apps/server/src/app.ts');
  const database = await openDatabase({
    url: values.url,
    dataDir: values['data-dir'],
    poolSize: 10,
  });
  const config = loadConfig({
    NODE_ENV: 'production',
    // Production refuses to start without its own key (config.ts).
    PLATFORM_SECRET_KEY: process.env.PLATFORM_SECRET_KEY ?? randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    ...(values.url ? { DATABASE_URL: values.url } : { DATA_DIR: values['data-dir'] }),
    // One log-in per run, but runs repeat: the per-account limit (10 in 15 min) would refuse them.
    LOGIN_LIMIT_PER_ADDRESS: '1000000',
    LOGIN_LIMIT_PER_ACCOUNT: '1000000',
  });
  const app = await buildApp({ config, database });
  try {
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const { csrf, header } = await signInAsMaster(address);
    await benchExport({
      address,
      header,
      csrf,
      rows: Number(values.rows),
      format: values.format === 'csv' ? 'csv' : 'xlsx',
      ...(values.today ? { today: values.today } : {}),
    });
  } finally {
    await app.close();
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
