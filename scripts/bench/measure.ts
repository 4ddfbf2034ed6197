// Latency and throughput of one call: a fixed number of workers for a fixed time, loopback only.

export interface Figures {
  count: number;
  errors: number;
  p50: number;
  p99: number;
  rps: number;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

/** Runs `once` from `workers` loops for `seconds` (after `warmup` calls) and summarises. */
export async function measure(
  once: () => Promise<boolean>,
  opts: { seconds: number; workers: number; warmup?: number; maxCalls?: number },
): Promise<Figures> {
  for (let i = 0; i < (opts.warmup ?? 3); i++) await once();
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const until = started + opts.seconds * 1000;
  const max = opts.maxCalls ?? Number.POSITIVE_INFINITY;
  await Promise.all(
    Array.from({ length: opts.workers }, async () => {
      while (performance.now() < until && latencies.length + errors < max) {
        const t = performance.now();
        const ok = await once().catch(() => false);
        if (ok) latencies.push(performance.now() - t);
        else errors++;
      }
    }),
  );
  return summarise(latencies, errors, (performance.now() - started) / 1000);
}

/** Figures of calls timed elsewhere: their latencies (ms, sorted here), failures and seconds. */
export function summarise(latencies: number[], errors: number, elapsedSeconds: number): Figures {
  latencies.sort((a, b) => a - b);
  return {
    count: latencies.length,
    errors,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    rps: latencies.length / elapsedSeconds,
  };
}

export const ms = (v: number) => (Number.isNaN(v) ? '-' : v < 10 ? v.toFixed(2) : v.toFixed(1));

/** What the statements of a database cost so far: openDatabase's `onStatement` adds to it. */
export interface StatementClock {
  ms: number;
  count: number;
}

/**
 * Runs `once` in-process, one call at a time, on a database whose statements add to `clock`: each
 * call's wall time, and the sum of its statements' times and their number (no other caller may use
 * that database meanwhile, or its statements would count too).
 */
export async function measureInProcess(
  once: () => Promise<unknown>,
  clock: StatementClock,
  opts: { seconds: number; warmup?: number },
): Promise<{ call: Figures; sql: Figures; statements: number }> {
  for (let i = 0; i < (opts.warmup ?? 3); i++) await once();
  const calls: number[] = [];
  const sqlTimes: number[] = [];
  const counts: number[] = [];
  const started = performance.now();
  const until = started + opts.seconds * 1000;
  do {
    const ms = clock.ms;
    const count = clock.count;
    const t = performance.now();
    await once();
    calls.push(performance.now() - t);
    sqlTimes.push(clock.ms - ms);
    counts.push(clock.count - count);
  } while (performance.now() < until);
  const elapsed = (performance.now() - started) / 1000;
  counts.sort((a, b) => a - b);
  return {
    call: summarise(calls, 0, elapsed),
    sql: summarise(sqlTimes, 0, elapsed),
    statements: percentile(counts, 50),
  };
}
