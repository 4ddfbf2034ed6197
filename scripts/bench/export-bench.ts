// The 100,000-row export: how long the master's graded wagers take to arrive as a file, how far the
// server's memory rises meanwhile, and whether the file holds what the API answers for the same
// filters. The server runs as a child process (load.ts's startServer), so the memory sampled from
// /proc is the server's own, not the bench's. With a restart of PostgreSQL given, a cold run
// follows the warm one: PostgreSQL restarted and, as root, the OS page cache dropped.
// scripts/bench.ts calls benchExport; standalone:
//   node scripts/bench/export-bench.ts --url postgres://... [--rows 100000] [--format csv]
//                                      [--cold --pg-data DIR]
import { execFileSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import ExcelJS from 'exceljs';
import {
  addDays,
  api,
  DEFAULT_BASES,
  localDate,
  minorDigits,
  parseMajor,
  toMajorString,
  type ExportFormat,
  type WagerPage,
} from '@backline/contract';
import { LABELS } from '../../apps/server/src/export/export-labels.ts';
import { HEADER_ROW } from '../../apps/server/src/export/xlsx-writer.ts';
import { signInAsMaster, type MasterSession } from './master-session.ts';
import { startServer } from './load.ts';
import { watchMemory } from './process-cpu.ts';
import { atMost, recordTarget, recordFigure } from './targets.ts';
import { dataDirCluster } from '../pg.ts';

export interface ExportBenchOptions {
  databaseUrl: string;
  /** The server's PLATFORM_SECRET_KEY (hex); default the environment's or a random one. */
  platformSecretKey?: string;
  /** Rows wanted at least (default 100,000): the range grows back from `today` until it holds them. */
  rows?: number;
  /** The last day of the range, in the site's zone (default: today in America/New_York). */
  today?: string;
  format?: ExportFormat;
  /** Restarts the database's PostgreSQL; given, a cold run follows the warm one. */
  restartPostgres?: () => void;
  /** Where to print; default console.log. */
  log?: (line: string) => void;
}

/** What the file holds beside what the API answers, per currency: rows, risk and result amount. */
interface Sums {
  rows: number;
  risk: number;
  amount: number;
}

export interface ExportCheck {
  rows: { file: number; api: number };
  byCurrency: Map<string, { file: Sums; api: Sums }>;
  equal: boolean;
}

export interface ExportRun {
  label: 'warm' | 'cold';
  bytes: number;
  /** Until the first byte of the body: the query has run and the first rows are written. */
  firstByteSeconds: number;
  /** Until the last byte. */
  seconds: number;
  rowsPerSecond: number;
  /** The server process's resident set size, in bytes: just before, and its peak during. */
  rss: { baseline: number; peak: number };
  check: ExportCheck;
}

export interface ExportBenchResult {
  startDate: string;
  endDate: string;
  rows: number;
  runs: ExportRun[];
}

const MB = 1024 * 1024;
/** How often the server's RSS is read during an export. */
const SAMPLE_MS = 50;
/** Issue 7: 100,000 rows under 10 s, the server's memory rising by less than 200 MB. */
const TARGET_SECONDS = 10;
const TARGET_RISE_MB = 200;

interface Server {
  child: ChildProcess;
  base: string;
  session: MasterSession;
}

async function serve(o: ExportBenchOptions): Promise<Server> {
  const { child, base } = await startServer(o.databaseUrl, {
    platformSecretKey: o.platformSecretKey,
  });
  try {
    return { child, base, session: await signInAsMaster(base) };
  } catch (error) {
    await stop({ child });
    throw error;
  }
}

async function stop(server: { child: ChildProcess }): Promise<void> {
  if (server.child.exitCode !== null) return;
  const exited = once(server.child, 'exit');
  server.child.kill('SIGTERM');
  await exited;
}

/** The graded bets report's answer for a range: its first row, the count and totals of them all. */
async function gradedPage(s: Server, startDate: string, endDate: string): Promise<WagerPage> {
  const qs = new URLSearchParams({ startDate, endDate, pageSize: '1' });
  const res = await fetch(
    `${s.base}${DEFAULT_BASES.reports}${api.getGradedBetsReport.path}?${qs}`,
    {
      headers: { authorization: s.session.header(0) },
    },
  );
  if (!res.ok) throw new Error(`GetGradedBetsReport answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as WagerPage;
}

/** The shortest range ending `today` whose graded wagers number at least `rows` (at most 370 days). */
async function pickRange(s: Server, rows: number, today: string) {
  const count = async (days: number) =>
    (await gradedPage(s, addDays(today, 1 - days), today)).TotalRows;
  let days = 1;
  let n = await count(days);
  while (n < rows && days < 370) {
    days = Math.min(370, days * 2);
    n = await count(days);
  }
  let low = Math.floor(days / 2);
  while (n >= rows && days - low > 1) {
    const mid = Math.floor((low + days) / 2);
    const m = await count(mid);
    if (m >= rows) {
      days = mid;
      n = m;
    } else {
      low = mid;
    }
  }
  if (days - low <= 1 && n < rows) n = await count(days);
  return { startDate: addDays(today, 1 - days), endDate: today, count: n };
}

/** One export, timed, with the server's RSS read from /proc every SAMPLE_MS meanwhile. */
async function exportOnce(
  s: Server,
  range: { startDate: string; endDate: string },
  format: ExportFormat,
) {
  const memory = watchMemory(s.child.pid!, SAMPLE_MS);
  let stopped: ReturnType<typeof memory> | undefined;
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  let firstByte = 0;
  const started = performance.now();
  try {
    const res = await fetch(`${s.base}${DEFAULT_BASES.reports}${api.exportReport.path}`, {
      method: 'POST',
      headers: {
        authorization: s.session.header(0),
        'content-type': 'application/json',
        'x-csrf-token': s.session.csrf,
        cookie: `bl_csrf=${s.session.csrf}`,
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
      chunks.push(chunk as Uint8Array);
      bytes += (chunk as Uint8Array).byteLength;
    }
  } finally {
    stopped = memory();
  }
  const seconds = (performance.now() - started) / 1000;
  return {
    file: Buffer.concat(chunks),
    bytes,
    seconds,
    firstByteSeconds: firstByte / 1000,
    rss: stopped,
  };
}

/** The labels the file is written with (English), to find the columns by their headers. */
const EN = LABELS.en;

/** Rows and sums of the file's data rows per currency, read back as a spreadsheet program would. */
async function readBack(file: Buffer, format: ExportFormat): Promise<Map<string, Sums>> {
  const sums = new Map<string, Sums>();
  let columns: { currency: number; risk: number; amount: number } | null = null;
  const take = (values: unknown[], toMinor: (v: unknown, currency: string) => number) => {
    const first = String(values[0] ?? '');
    if (!columns || first.startsWith(EN.title.total)) return;
    const currency = String(values[columns.currency]);
    const s = sums.get(currency) ?? { rows: 0, risk: 0, amount: 0 };
    s.rows += 1;
    s.risk += toMinor(values[columns.risk], currency);
    s.amount += toMinor(values[columns.amount], currency);
    sums.set(currency, s);
  };
  const header = (values: unknown[]) => {
    const at = (label: string) => {
      const i = values.findIndex((v) => String(v) === label);
      if (i < 0) throw new Error(`The file has no "${label}" column: ${values.join(', ')}`);
      return i;
    };
    columns = {
      currency: at(EN.columns.currency),
      risk: at(EN.columns.risk),
      amount: at(EN.columns.resultAmount),
    };
  };
  if (format === 'xlsx') {
    const book = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(file), {
      worksheets: 'emit',
      sharedStrings: 'cache',
      styles: 'ignore',
      hyperlinks: 'ignore',
      entries: 'ignore',
    });
    // Money cells are numbers in major units; back to minor units the currency's way.
    const minor = (v: unknown, currency: string) =>
      Math.round(Number(v) * 10 ** minorDigits(currency));
    for await (const sheet of book) {
      for await (const row of sheet) {
        const values = (row.values as unknown[]).slice(1);
        if (row.number === HEADER_ROW) header(values);
        else if (row.number > HEADER_ROW) take(values, minor);
      }
    }
  } else {
    const sheet = await new ExcelJS.Workbook().csv.read(Readable.from(file), {
      // Every field as the text it is: amounts are parsed exactly below, not as floats.
      map: (v: unknown) => v,
    });
    sheet.eachRow((row, n) => {
      const values = (row.values as unknown[]).slice(1).map((v) => String(v ?? ''));
      if (n === 1) header(values.map((v) => v.replace(/^\uFEFF/, '')));
      else take(values, (v, currency) => parseMajor(String(v), currency));
    });
  }
  if (!columns) throw new Error('The file has no header row');
  return sums;
}

const same = (a: Sums, b: Sums) => a.rows === b.rows && a.risk === b.risk && a.amount === b.amount;

function checkAgainst(file: Map<string, Sums>, answer: WagerPage): ExportCheck {
  const byCurrency = new Map<string, { file: Sums; api: Sums }>();
  const none = { rows: 0, risk: 0, amount: 0 };
  for (const t of answer.Totals) {
    byCurrency.set(t.Currency, {
      file: file.get(t.Currency) ?? none,
      api: { rows: t.Count, risk: t.Risk, amount: t.Amount },
    });
  }
  for (const [currency, sums] of file) {
    if (!byCurrency.has(currency)) byCurrency.set(currency, { file: sums, api: none });
  }
  const rows = { file: [...file.values()].reduce((n, s) => n + s.rows, 0), api: answer.TotalRows };
  const equal =
    rows.file === rows.api && [...byCurrency.values()].every((c) => same(c.file, c.api));
  return { rows, byCurrency, equal };
}

/**
 * Empties the caches an export reads through: PostgreSQL's own (a restart) and, as root, the OS
 * page cache its files sit in. Says what it did.
 */
export function coldCaches(restartPostgres: () => void): string {
  restartPostgres();
  if (process.getuid?.() !== 0) {
    return 'PostgreSQL restarted; the OS page cache kept (dropping it needs root)';
  }
  try {
    execFileSync('sync');
    writeFileSync('/proc/sys/vm/drop_caches', '3\n');
    return 'PostgreSQL restarted, OS page cache dropped';
  } catch (error) {
    return `PostgreSQL restarted; the OS page cache kept (${(error as Error).message})`;
  }
}

const count = (n: number) => n.toLocaleString('en-US');
const mb = (bytes: number) => (bytes / MB).toFixed(0);

function printRun(log: (line: string) => void, run: ExportRun, format: ExportFormat) {
  const r = run.rss;
  log(
    `  ${run.label}: first byte ${run.firstByteSeconds.toFixed(2)} s, last byte ${run.seconds.toFixed(2)} s, ` +
      `${count(Math.round(run.rowsPerSecond))} rows/s, ${(run.bytes / MB).toFixed(1)} MB ${format}; ` +
      `server RSS ${mb(r.baseline)} MB before, peak ${mb(r.peak)} MB, rise ${mb(r.peak - r.baseline)} MB`,
  );
  const c = run.check;
  log(
    `    check: rows file ${count(c.rows.file)} / API ${count(c.rows.api)}` +
      `${c.rows.file === c.rows.api ? ', equal' : ', DIFFER'}`,
  );
  for (const [currency, { file, api: answer }] of c.byCurrency) {
    const money = (label: string, a: number, b: number) =>
      `${label} file ${toMajorString(a, currency)} / API ${toMajorString(b, currency)}${a === b ? '' : ' DIFFER'}`;
    log(
      `    ${currency}: rows file ${count(file.rows)} / API ${count(answer.rows)}; ` +
        `${money('risk', file.risk, answer.risk)}; ${money('result amount', file.amount, answer.amount)}` +
        `${same(file, answer) ? ': equal' : ''}`,
    );
  }
}

/**
 * Exports the master's graded wagers of the shortest range holding `rows`, warm and (given a
 * restart) cold, each read back and checked against the API; throws when a file differs from it.
 */
export async function benchExport(o: ExportBenchOptions): Promise<ExportBenchResult> {
  const log = o.log ?? ((line: string) => console.log(line));
  const format = o.format ?? 'xlsx';
  const today = o.today ?? localDate(new Date(), 'America/New_York');
  let server = await serve(o);
  const runs: ExportRun[] = [];
  let range: Awaited<ReturnType<typeof pickRange>>;
  try {
    range = await pickRange(server, o.rows ?? 100_000, today);
    log(
      `Export bench: the master's graded wagers ${range.startDate}..${range.endDate}, ` +
        `${count(range.count)} rows, as ${format}, from a server child process (pid ${server.child.pid}):`,
    );
    const run = async (label: ExportRun['label']) => {
      const measured = await exportOnce(server, range, format);
      const answer = await gradedPage(server, range.startDate, range.endDate);
      const check = checkAgainst(await readBack(measured.file, format), answer);
      const result: ExportRun = {
        label,
        bytes: measured.bytes,
        firstByteSeconds: measured.firstByteSeconds,
        seconds: measured.seconds,
        rowsPerSecond: check.rows.file / measured.seconds,
        rss: measured.rss,
        check,
      };
      printRun(log, result, format);
      recordFigure(
        'export',
        `graded bets as ${format}, ${label}, last byte`,
        result.seconds * 1000,
        'ms',
      );
      runs.push(result);
    };
    await run('warm');
    if (o.restartPostgres) {
      // A new server too: its pool's connections would not outlive the restart anyway.
      await stop(server);
      log(`  cold caches: ${coldCaches(o.restartPostgres)}; a new server process`);
      server = await serve(o);
      await run('cold');
    }
  } finally {
    await stop(server);
  }
  for (const r of runs) {
    const what = `${count(range.count)} rows as ${format}, ${r.label}`;
    atMost('export', `${what}: last byte`, r.seconds, TARGET_SECONDS, 's');
    atMost(
      'export',
      `${what}: server RSS rise`,
      (r.rss.peak - r.rss.baseline) / MB,
      TARGET_RISE_MB,
      'MB',
    );
    recordTarget({
      section: 'export',
      figure: `${what}: file against the API (rows, risk, result amount)`,
      measured: r.check.equal ? 'equal' : 'differs',
      target: 'equal',
      met: r.check.equal,
    });
  }
  const wrong = runs.filter((r) => !r.check.equal).map((r) => r.label);
  if (wrong.length > 0) {
    throw new Error(
      `The exported file differs from the API's graded bets for ${range.startDate}..${range.endDate} ` +
        `(${wrong.join(', ')} run; see the check lines above)`,
    );
  }
  return { startDate: range.startDate, endDate: range.endDate, rows: range.count, runs };
}

async function main() {
  const { values } = parseArgs({
    options: {
      url: { type: 'string' },
      rows: { type: 'string', default: '100000' },
      format: { type: 'string', default: 'xlsx' },
      today: { type: 'string' },
      cold: { type: 'boolean', default: false },
      'pg-data': { type: 'string' },
    },
  });
  if (!values.url || (values.cold && !values['pg-data'])) {
    console.error(
      'Usage: node scripts/bench/export-bench.ts --url postgres://... [--rows N] [--format csv]\n' +
        '         [--cold --pg-data DIR]  (the data directory of the cluster --url names, to restart it)',
    );
    process.exit(2);
  }
  const cluster = values.cold
    ? dataDirCluster(values['pg-data']!, Number(new URL(values.url).port || 5432))
    : null;
  await benchExport({
    databaseUrl: values.url,
    rows: Number(values.rows),
    format: values.format === 'csv' ? 'csv' : 'xlsx',
    ...(values.today ? { today: values.today } : {}),
    ...(cluster ? { restartPostgres: () => cluster.restart() } : {}),
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
