// Open-loop load: requests leave at a constant rate whatever the answers, and each one's latency
// runs from the instant it was due, not from when it was sent, so a slow answer cannot hold back
// the requests behind it and hide the wait (no coordinated omission).
import { percentile } from './measure.ts';

export interface OpenLoopFigures {
  rate: number;
  seconds: number;
  /** Requests sent (rate × seconds). */
  sent: number;
  /** Answered with any status, before the drain ended. */
  answered: number;
  /** Answered with a status outside 2xx, or failed on the socket. */
  errors: number;
  /** The errors by status (0: the socket failed). */
  errorStatuses: Map<number, number>;
  /** Still unanswered when the drain ended; they were cancelled. */
  unanswered: number;
  /** From the due instant to the end of a 2xx answer, ms. */
  p50: number;
  p99: number;
  /** p99 over every request sent, an error or an unanswered one counted as never answered. */
  p99OfAll: number;
  /** How late the generator itself sent, p99 and at most, ms: large values mean it fell behind. */
  sendLateP99: number;
  sendLateMax: number;
}

/**
 * Sends `rate` requests a second for `seconds`: request i is due at start + i / rate. `fire`
 * sends the i-th and resolves to its status (0 when the socket failed); it must give up when
 * `signal` aborts. After the last is sent, answers are awaited for at most `drainMs`.
 */
export async function openLoop(
  rate: number,
  seconds: number,
  fire: (i: number, signal: AbortSignal) => Promise<number>,
  drainMs: number,
): Promise<OpenLoopFigures> {
  const total = Math.round(rate * seconds);
  const interval = 1000 / rate;
  const cancel = new AbortController();
  const latencies: number[] = [];
  const late: number[] = [];
  let answered = 0;
  const errorStatuses = new Map<number, number>();
  let closed = false;
  const inFlight: Promise<void>[] = [];
  const launch = (i: number, due: number) => {
    late.push(performance.now() - due);
    inFlight.push(
      fire(i, cancel.signal)
        .catch(() => 0)
        .then((status) => {
          if (closed) return;
          answered++;
          if (status >= 200 && status < 300) latencies.push(performance.now() - due);
          else errorStatuses.set(status, (errorStatuses.get(status) ?? 0) + 1);
        }),
    );
  };
  const start = performance.now() + 5;
  for (let next = 0; next < total;) {
    const now = performance.now();
    // Everything due by now goes at once: a late timer delays the send, never skips it.
    for (; next < total && start + next * interval <= now; next++)
      launch(next, start + next * interval);
    const wait = start + next * interval - performance.now();
    if (next < total && wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([Promise.all(inFlight), new Promise((r) => (timer = setTimeout(r, drainMs)))]);
  clearTimeout(timer);
  closed = true;
  cancel.abort();
  await Promise.all(inFlight);

  latencies.sort((a, b) => a - b);
  late.sort((a, b) => a - b);
  const failed = total - latencies.length;
  return {
    rate,
    seconds,
    sent: total,
    answered,
    errors: [...errorStatuses.values()].reduce((a, b) => a + b, 0),
    errorStatuses,
    unanswered: total - answered,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    // Failures sort after every answer: the p99 is finite only while they stay under 1 %.
    p99OfAll: percentile(latencies.concat(Array<number>(failed).fill(Infinity)), 99),
    sendLateP99: percentile(late, 99),
    sendLateMax: late.at(-1) ?? Number.NaN,
  };
}

/** The highest rate whose p99 over every request sent holds at `targetMs`, or null. */
export function highestHolding(runs: readonly OpenLoopFigures[], targetMs: number): number | null {
  const held = runs.filter((r) => r.p99OfAll <= targetMs).map((r) => r.rate);
  return held.length ? Math.max(...held) : null;
}
