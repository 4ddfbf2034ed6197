// The open-loop driver against a simulated server that answers one request at a time: its
// latencies must include the wait behind earlier requests (no coordinated omission), and what
// is refused or never answered must count against the p99.
import { describe, expect, it } from 'vitest';
import { highestHolding, openLoop } from './open-loop.ts';

/** One request at a time, each taking `serviceMs`: a queue, as a saturated server is. */
function serialServer(serviceMs: number) {
  let free = 0;
  return () => {
    const start = Math.max(performance.now(), free);
    free = start + serviceMs;
    return new Promise<number>((r) => setTimeout(() => r(200), free - performance.now()));
  };
}

describe('openLoop', () => {
  it('times each request from its due instant, so a queue shows in the p99', async () => {
    // 100 a second against 40 a second of capacity: request i ends at least (i + 1) × 25 ms
    // after the start but was due at i × 10 ms, so the 99th waited at least 1,495 ms. A closed
    // loop of one user would have reported 25 ms for every one.
    const f = await openLoop(100, 1, serialServer(25), 10_000);
    expect(f).toMatchObject({ sent: 100, answered: 100, errors: 0, unanswered: 0 });
    expect(f.p99).toBeGreaterThanOrEqual(1_400);
    expect(f.p99OfAll).toBe(f.p99);
    expect(f.p50).toBeGreaterThanOrEqual(25);
  });

  it('counts the time a request waited to be sent, when the generator itself fell behind', async () => {
    // Other work holds the generator's event loop for 200 ms soon after the start: two thirds
    // of the requests (due every 10 ms) leave late, all at once, and are answered at once. Timed
    // from their due instant, the median shows the wait; timed from the send it would be ~0.
    setTimeout(() => {
      for (const until = performance.now() + 200; performance.now() < until;);
    }, 5);
    const f = await openLoop(100, 0.3, async () => 200, 1_000);
    expect(f.sendLateMax).toBeGreaterThanOrEqual(150);
    expect(f.p50).toBeGreaterThanOrEqual(20);
  });

  it('counts refusals as errors by status and never-answered requests as unanswered', async () => {
    const refused = await openLoop(50, 0.2, async () => 503, 1_000);
    expect(refused).toMatchObject({ sent: 10, answered: 10, errors: 10, unanswered: 0 });
    expect(refused.errorStatuses).toEqual(new Map([[503, 10]]));
    expect(refused.p99OfAll).toBe(Number.POSITIVE_INFINITY);

    let cancelled = 0;
    const hung = await openLoop(
      50,
      0.2,
      (_, signal) =>
        new Promise<number>((resolve) =>
          signal.addEventListener('abort', () => {
            cancelled++;
            resolve(0);
          }),
        ),
      50,
    );
    expect(hung).toMatchObject({ sent: 10, answered: 0, errors: 0, unanswered: 10 });
    expect(cancelled).toBe(10);
    expect(hung.p99OfAll).toBe(Number.POSITIVE_INFINITY);
  });

  it('names the highest rate whose p99 of all sent holds', () => {
    const run = (rate: number, p99OfAll: number) => ({ rate, p99OfAll }) as never;
    expect(highestHolding([run(100, 90), run(200, 240), run(300, 900)], 250)).toBe(200);
    expect(highestHolding([run(100, Number.POSITIVE_INFINITY)], 250)).toBeNull();
  });
});
