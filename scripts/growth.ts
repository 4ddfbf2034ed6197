// `npm run growth`: how each figure's cost grows with the book (issue 21 item 5). For each size it
// runs the bench (reports, load, export) on a book of that many players, seeded for the run or
// given with --book N=<url>, and keeps the run's figures in docs/growth/<players>.json; then it
// prints the table of every figure at every size with its growth exponent, and draws the chart
// docs/growth/growth.svg. A desk's calls must stay flat (exponent near 0) as the book grows.
// Usage: node scripts/growth.ts [--sizes 10000,30000,100000,300000] [--book 100000=postgres://...]
//                               [--table-only] [--seconds 2] [--load-seconds 10] [--dir docs/growth]
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Figure } from './bench/targets.ts';

const ROOT = resolve(import.meta.dirname, '..');
const DIR = join(ROOT, 'docs/growth');

export interface Run {
  players: number;
  figures: Figure[];
}

/**
 * The least-squares slope of log(value) over log(players): 0 stays flat, 1 grows with the book,
 * 0.5 with its square root. Undefined with fewer than two sizes or a value that is not positive.
 */
export function growthExponent(points: { players: number; value: number }[]): number | undefined {
  if (points.length < 2 || points.some((p) => !(p.value > 0) || !(p.players > 0))) return undefined;
  const xs = points.map((p) => Math.log(p.players));
  const ys = points.map((p) => Math.log(p.value));
  const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
  const [mx, my] = [mean(xs), mean(ys)];
  const sxx = xs.reduce((a, x) => a + (x - mx) ** 2, 0);
  if (sxx === 0) return undefined;
  return xs.reduce((a, x, i) => a + (x - mx) * (ys[i]! - my), 0) / sxx;
}

/** Every figure's name, in the order first met, with its value in each run (sizes ascending). */
export function growthRows(runs: Run[]) {
  const sorted = [...runs].sort((a, b) => a.players - b.players);
  const names: string[] = [];
  for (const run of sorted) {
    for (const f of run.figures) {
      const name = `${f.section}: ${f.figure}`;
      if (!names.includes(name)) names.push(name);
    }
  }
  return {
    sizes: sorted.map((r) => r.players),
    rows: names.map((name) => {
      const values = sorted.map(
        (run) => run.figures.find((f) => `${f.section}: ${f.figure}` === name)?.value,
      );
      const unit = sorted
        .flatMap((run) => run.figures)
        .find((f) => `${f.section}: ${f.figure}` === name)!.unit;
      const points = values.flatMap((value, i) =>
        value === undefined ? [] : [{ players: sorted[i]!.players, value }],
      );
      return { name, unit, values, exponent: growthExponent(points) };
    }),
  };
}

const number = (v: number) =>
  v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v >= 1 ? v.toFixed(2) : v.toPrecision(2);

/** The growth table as Markdown, for docs/operations.md. */
export function growthTable(runs: Run[]): string {
  const { sizes, rows } = growthRows(runs);
  const head = `| figure | unit | ${sizes.map((s) => s.toLocaleString('en-US')).join(' | ')} | exponent |`;
  const rule = `|---|---|${sizes.map(() => '---:').join('|')}|---:|`;
  const lines = rows.map(
    (r) =>
      `| ${r.name} | ${r.unit} | ${r.values.map((v) => (v === undefined ? '' : number(v))).join(' | ')} | ${r.exponent === undefined ? '' : r.exponent.toFixed(2)} |`,
  );
  return [head, rule, ...lines].join('\n');
}

/** A log-log chart of the reports' p50 against the book's size: desks blue, the master orange. */
export function growthChart(runs: Run[]): string {
  const { sizes, rows } = growthRows(runs);
  const reports = rows.filter((r) => r.name.startsWith('reports:'));
  const [w, h, left, bottom, top, right] = [640, 360, 64, 40, 16, 40];
  const values = reports.flatMap((r) => r.values.filter((v): v is number => v !== undefined));
  if (sizes.length < 2 || values.length === 0) return '';
  const [x0, x1] = [Math.log10(sizes[0]!), Math.log10(sizes.at(-1)!)];
  const [y0, y1] = [
    Math.floor(Math.log10(Math.min(...values))),
    Math.ceil(Math.log10(Math.max(...values))),
  ];
  const x = (players: number) =>
    left + ((Math.log10(players) - x0) / (x1 - x0)) * (w - left - right);
  const y = (ms: number) => h - bottom - ((Math.log10(ms) - y0) / (y1 - y0)) * (h - bottom - top);
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" font-family="sans-serif" font-size="11">`,
    `<rect width="${w}" height="${h}" fill="#fff"/>`,
  ];
  for (let e = y0; e <= y1; e++) {
    const ms = 10 ** e;
    parts.push(
      `<line x1="${left}" x2="${w - right}" y1="${y(ms)}" y2="${y(ms)}" stroke="#ddd"/>`,
      `<text x="${left - 6}" y="${y(ms) + 4}" text-anchor="end">${ms >= 1 ? ms : ms.toFixed(-e)} ms</text>`,
    );
  }
  for (const s of sizes) {
    parts.push(
      `<line x1="${x(s)}" x2="${x(s)}" y1="${top}" y2="${h - bottom}" stroke="#ddd"/>`,
      `<text x="${x(s)}" y="${h - bottom + 16}" text-anchor="middle">${s.toLocaleString('en-US')}</text>`,
    );
  }
  parts.push(
    `<text x="${(left + w - right) / 2}" y="${h - 6}" text-anchor="middle">players in the book (log)</text>`,
  );
  for (const r of reports) {
    const master = r.name.includes(', master,');
    const points = r.values.flatMap((v, i) => (v === undefined ? [] : [`${x(sizes[i]!)},${y(v)}`]));
    parts.push(
      `<polyline fill="none" stroke="${master ? '#d9822b' : '#2b6cb0'}" stroke-width="1.5" points="${points.join(' ')}"><title>${r.name}</title></polyline>`,
    );
  }
  parts.push(
    `<text x="${left + 8}" y="${top + 12}" fill="#2b6cb0">a desk (about 200 players)</text>`,
    `<text x="${left + 8}" y="${top + 26}" fill="#d9822b">the master (the whole book)</text>`,
    '</svg>',
  );
  return `${parts.join('\n')}\n`;
}

function readRuns(dir: string): Run[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => /^\d+\.json$/.test(f))
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Run);
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      sizes: { type: 'string', default: '10000,30000,100000,300000' },
      book: { type: 'string', multiple: true, default: [] },
      'table-only': { type: 'boolean', default: false },
      seconds: { type: 'string', default: '2' },
      'load-seconds': { type: 'string', default: '10' },
      dir: { type: 'string', default: DIR },
    },
  });
  const dir = resolve(values.dir);
  const books = new Map(
    values.book.map((b) => {
      const [size, url] = b.split(/=(.*)/s);
      if (!size || !url || !/^\d+$/.test(size)) {
        console.error(`--book takes <players>=<postgres url>; got "${b}"`);
        process.exit(2);
      }
      return [Number(size), url];
    }),
  );
  const sizes = values.sizes.split(',').map(Number);
  if (sizes.some((s) => !Number.isInteger(s) || s < 100)) {
    console.error(`--sizes takes whole numbers of players (at least 100); got "${values.sizes}"`);
    process.exit(2);
  }
  if (!values['table-only']) {
    mkdirSync(dir, { recursive: true });
    for (const size of sizes) {
      const book = books.get(size);
      console.log(`\n=== ${size} players${book ? ` (the book at ${new URL(book).host})` : ''}`);
      execFileSync(
        process.execPath,
        [
          join(ROOT, 'scripts/bench.ts'),
          ...(book ? ['--url', book] : ['--players', String(size)]),
          '--only',
          'tables,reports,load,export',
          '--seconds',
          values.seconds,
          '--load-seconds',
          values['load-seconds'],
          '--warmup-seconds',
          '5',
          '--connections',
          '50',
          '--rates',
          '100',
          '--figures',
          join(dir, `${size}.json`),
        ],
        { stdio: 'inherit', cwd: ROOT },
      );
    }
  }
  const runs = readRuns(dir);
  console.log(`\n${growthTable(runs)}`);
  const chart = growthChart(runs);
  if (chart) {
    writeFileSync(join(dir, 'growth.svg'), chart);
    console.log(`\nChart: ${join(dir, 'growth.svg')}`);
  }
}
