// Size budgets of the built SPA, measured from Vite's manifest so they follow the real chunk graph:
// the agent sites frame the login page cold, and every report screen loads its own lazy chunk.
// Sizes are what is served: the brotli twins the build writes (apps/web/build/precompress.ts) and
// the server sends byte for byte; then the real server is asked, as a browser asks, for the page,
// the entry script and a 2,000-player NewWeeklyBalance, and the bytes it sends are counted.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import {
  DEFAULT_DIST,
  measureServed,
  printServed,
  servedFailures,
  type ServedRow,
} from './served-bytes.ts';
import { atMost, recordTarget } from './bench/targets.ts';

export const LOGIN_BUDGET = 150 * 1024;
/**
 * 51 KB since 2026-11-27 (decision 006): the export path every report screen loads carries each
 * report's request schema, and the players list's pushed the wager center to 50.2 KB.
 */
export const SCREEN_BUDGET = 50 * 1024;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface BudgetRow {
  name: string;
  /** The route's own lazy chunk alone, for reading the table; undefined for /login. */
  ownBytes: number | undefined;
  /** What the budget applies to: the JS this path downloads, as served (brotli). */
  servedBytes: number;
  budget: number;
}

export interface BudgetReport {
  rows: BudgetRow[];
  /** The entry chunk's file (the script the page loads first). */
  entryFile: string | undefined;
  failures: string[];
}

/** The route name of a manifest source under a routes/ folder: routes/app/weekly-balance.tsx -> weekly-balance. */
function routeName(src: string): string | undefined {
  const match = /(?:^|\/)routes\/(.+)$/.exec(src);
  if (!match?.[1]) return undefined;
  const parts = match[1].split('/');
  const file = (parts.at(-1) ?? '').replace(/\.[jt]sx?$/, '');
  // routes/login/index.tsx names the route by its folder.
  return (file === 'index' || file === 'route') && parts.length > 1 ? parts.at(-2) : file;
}

/** The chunk keys a set of chunks loads eagerly: themselves and their static imports, transitively. */
function staticClosure(manifest: Manifest, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const key = stack.pop() as string;
    if (seen.has(key)) continue;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) stack.push(next);
  }
  return seen;
}

export function measure(distDir: string = DEFAULT_DIST): BudgetReport {
  const manifestPath = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) {
    return {
      rows: [],
      entryFile: undefined,
      failures: [`${manifestPath} is missing: build the web app first (npm run build).`],
    };
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const failures: string[] = [];
  const servedCache = new Map<string, number>();
  // A file's served size is its brotli twin's, checked to hold the file's very bytes; a file the
  // build left without one (tiny ones) is served as it is.
  const served = (file: string): number => {
    const path = join(distDir, file);
    const bytes = readFileSync(path);
    if (!existsSync(`${path}.br`)) {
      if (bytes.length >= 1024)
        failures.push(`${file} has no .br twin: the build did not compress it.`);
      return bytes.length;
    }
    const twin = readFileSync(`${path}.br`);
    if (!brotliDecompressSync(twin).equals(bytes))
      failures.push(`${file}.br does not hold ${file}.`);
    return twin.length;
  };
  const jsServed = (keys: Iterable<string>): number => {
    const files = new Set(
      [...keys].map((k) => manifest[k]?.file).filter((f): f is string => !!f && f.endsWith('.js')),
    );
    let total = 0;
    for (const file of files) {
      let size = servedCache.get(file);
      if (size === undefined) {
        size = served(file);
        servedCache.set(file, size);
      }
      total += size;
    }
    return total;
  };

  const rows: BudgetRow[] = [];
  const entries = Object.keys(manifest).filter((k) => manifest[k]?.isEntry);
  const routes = Object.keys(manifest)
    .filter((k) => manifest[k]?.file.endsWith('.js') && routeName(manifest[k].src ?? k))
    .map((key) => ({ key, name: routeName(manifest[key]?.src ?? key) as string }));
  const login = routes.find((r) => r.name.toLowerCase() === 'login');

  if (entries.length === 0) failures.push('The manifest has no entry chunk.');
  if (routes.length === 0) {
    failures.push("The manifest has no lazy route chunks (no src under 'routes/').");
  }

  // The log-in screen is in the entry (the first screen must not wait for a lazy chunk); should it
  // become lazy again, its chunk counts toward /login all the same.
  const shell = staticClosure(manifest, entries);
  const loginKeys = staticClosure(manifest, [...entries, ...(login ? [login.key] : [])]);
  rows.push({
    name: '/login',
    ownBytes: undefined,
    servedBytes: jsServed(loginKeys),
    budget: LOGIN_BUDGET,
  });

  // A screen's cost is its lazy chunk plus what that chunk statically imports beyond the shell:
  // the bundler may move a feature's code into shared chunks, which must not hide it from the budget.
  for (const route of routes
    .filter((r) => r !== login)
    .sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const added = [...staticClosure(manifest, [route.key])].filter((k) => !shell.has(k));
    rows.push({
      name: route.name,
      ownBytes: jsServed([route.key]),
      servedBytes: jsServed(added),
      budget: SCREEN_BUDGET,
    });
  }
  for (const row of rows) {
    if (row.servedBytes > row.budget) {
      failures.push(
        `${row.name} loads ${kb(row.servedBytes)} of JS as served, over ${kb(row.budget)}.`,
      );
    }
  }
  const entryFile = entries.map((k) => manifest[k]?.file).find((f) => f?.endsWith('.js'));
  return { rows, entryFile, failures };
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

export function printReport(report: BudgetReport): void {
  const header = ['route', 'own chunk', 'JS loaded', 'budget', ''];
  const lines = report.rows.map((r) => [
    r.name,
    r.ownBytes === undefined ? '' : kb(r.ownBytes),
    kb(r.servedBytes),
    kb(r.budget),
    r.servedBytes > r.budget ? 'OVER' : 'ok',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const format = (cells: string[]) =>
    cells
      .map((c, i) => (i > 0 && i < 4 ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  if (lines.length > 0) {
    console.log('JS as served (brotli): /login = entry + its static imports;');
    console.log('a screen = its lazy chunk + its static imports not already in the entry.');
    console.log(format(header));
    for (const line of lines) console.log(format(line));
  }
}

/**
 * Prints the tables; returns false when a budget is exceeded, an answer goes out uncompressed, or
 * the build cannot be measured.
 */
export async function checkBudgets(distDir: string = DEFAULT_DIST): Promise<boolean> {
  const report = measure(distDir);
  let rows: ServedRow[] = [];
  if (report.entryFile) {
    rows = await measureServed(distDir, report.entryFile);
    report.failures.push(...servedFailures(rows));
  }
  printReport(report);
  if (rows.length > 0) printServed(rows);
  for (const failure of report.failures) console.error(`Budget failure: ${failure}`);
  recordBudgets(report, rows);
  return report.failures.length === 0;
}

/**
 * The budgets in the bench's closing table (bench/targets.ts): /login, the heaviest screen (every
 * screen has the same budget), the served answers with one, and every other check as a count.
 */
function recordBudgets(report: BudgetReport, rows: ServedRow[]): void {
  const [login, ...screens] = report.rows;
  if (login)
    atMost('web', '/login JS as served', login.servedBytes / 1024, LOGIN_BUDGET / 1024, 'KB');
  const heaviest = screens.toSorted((a, b) => b.servedBytes - a.servedBytes)[0];
  if (heaviest) {
    const figure = `heaviest screen's JS as served (${heaviest.name})`;
    atMost('web', figure, heaviest.servedBytes / 1024, SCREEN_BUDGET / 1024, 'KB');
  }
  for (const r of rows) {
    if (r.budget !== undefined)
      atMost('web', `${r.name}, as served`, r.served.bytes / 1024, r.budget / 1024, 'KB');
  }
  recordTarget({
    section: 'web',
    figure: 'budget checks (sizes, brotli twins, compressed answers, Vary)',
    measured: `${report.failures.length} failed`,
    target: 'none failed',
    met: report.failures.length === 0,
  });
}

if (import.meta.main) {
  const i = process.argv.indexOf('--dist');
  const dist = i > 0 && process.argv[i + 1] ? resolve(process.argv[i + 1] as string) : DEFAULT_DIST;
  process.exit((await checkBudgets(dist)) ? 0 : 1);
}
