// Graded bets (issue 14, item 3): for a desk and for the master, a week and a month, the first
// page's p50/p99 and an export's first byte, each page against the target (p50 under
// 200 ms, any caller, any range up to a month). scripts/bench.ts calls benchGraded with its
// running app (--only graded).
import { addDays, api, DEFAULT_BASES, type WagerPage } from '@backline/contract';
import { measure, ms } from './measure.ts';
import { atMost } from './targets.ts';

export interface GradedBenchOptions {
  address: string;
  /** The Authorization header of the master's session acting for `actAs` (0: the master). */
  header: (actAs: number) => string;
  csrf: string;
  desk: { id: number; label: string };
  master: { id: number; label: string };
  /** Today in the site's zone: the week is the last full one before it, the month 30 days to it. */
  today: string;
  mondayOfToday: string;
  /** Seconds each first page is measured for (at most 200 calls). */
  seconds: number;
  log?: (line: string) => void;
}

interface Range {
  name: string;
  startDate: string;
  endDate: string;
}

function pageRequest(o: GradedBenchOptions, actAs: number, range: Range) {
  const qs = new URLSearchParams({ startDate: range.startDate, endDate: range.endDate });
  const url = `${o.address}${DEFAULT_BASES.reports}${api.getGradedBetsReport.path}?${qs}`;
  const headers = { authorization: o.header(actAs) };
  return async () => {
    const res = await fetch(url, { headers });
    const body = (await res.json()) as WagerPage;
    return res.ok ? body : null;
  };
}

/**
 * Time to the first byte and to the last of the range's graded wagers exported as csv; a range over
 * the export's row limit is refused at once (export_too_large), which is what a user meets then.
 */
async function exportTimes(
  o: GradedBenchOptions,
  actAs: number,
  range: Range,
): Promise<{ firstByte: number; last: number } | { refused: string }> {
  const started = performance.now();
  const res = await fetch(`${o.address}${DEFAULT_BASES.reports}${api.exportReport.path}`, {
    method: 'POST',
    headers: {
      authorization: o.header(actAs),
      'content-type': 'application/json',
      'x-csrf-token': o.csrf,
      cookie: `bl_csrf=${o.csrf}`,
    },
    body: JSON.stringify({
      report: 'gradedBets',
      filters: { startDate: range.startDate, endDate: range.endDate },
      format: 'csv',
      language: 'en',
    }),
  });
  if (res.status === 400) {
    const refusal = (await res.json()) as { Code: string; Params: Record<string, unknown> };
    if (refusal.Code === 'export_too_large')
      return { refused: `refused: ${refusal.Params.count} rows > ${refusal.Params.max}` };
  }
  if (!res.ok || !res.body) throw new Error(`Export answered ${res.status}: ${await res.text()}`);
  let firstByte = 0;
  for await (const _ of res.body) firstByte ||= performance.now() - started;
  return { firstByte, last: performance.now() - started };
}

export async function benchGraded(o: GradedBenchOptions) {
  const log = o.log ?? ((line: string) => console.log(line));
  const lastMonday = addDays(o.mondayOfToday, -7);
  const ranges: Range[] = [
    { name: 'week', startDate: lastMonday, endDate: addDays(lastMonday, 6) },
    { name: 'month', startDate: addDays(o.today, -29), endDate: o.today },
  ];
  const head = [
    'caller',
    'range',
    'wagers',
    'page 1 p50 ms',
    'page 1 p99 ms',
    'calls',
    'export first byte ms',
    'export last byte ms',
  ];
  const rows: string[][] = [];
  for (const who of [o.desk, o.master]) {
    const actAs = who.id === o.master.id ? 0 : who.id;
    for (const range of ranges) {
      const once = pageRequest(o, actAs, range);
      const first = await once();
      if (!first) throw new Error(`GetGradedBetsReport failed for ${who.label} ${range.name}`);
      const page = await measure(async () => (await once()) !== null, {
        seconds: o.seconds,
        workers: 1,
        warmup: 2,
        maxCalls: 200,
      });
      atMost(
        'graded',
        `graded bets page 1, ${who === o.master ? 'master' : 'desk'}, a ${range.name}, p50 (issue 14)`,
        page.p50,
        200,
        'ms',
      );
      const exported = await exportTimes(o, actAs, range);
      rows.push([
        who.label,
        `${range.name} ${range.startDate}..${range.endDate}`,
        String(first.TotalRows),
        ms(page.p50),
        ms(page.p99),
        String(page.count),
        ...('refused' in exported
          ? [exported.refused, '']
          : [ms(exported.firstByte), ms(exported.last)]),
      ]);
      log(
        `  graded bets ${range.name} / ${who.label}: page 1 p50 ${ms(page.p50)} ms, export ` +
          ('refused' in exported ? exported.refused : `first byte ${ms(exported.firstByte)} ms`),
      );
    }
  }
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) =>
    r.map((v, i) => (i < 2 ? v.padEnd(widths[i]!) : v.padStart(widths[i]!))).join('  ');
  log(`\nGraded bets, page 1 (50 rows, by graded time) and csv export, one connection:`);
  log(`${line(head)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const r of rows) log(line(r));
}
