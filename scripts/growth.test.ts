import { describe, expect, it } from 'vitest';
import { growthChart, growthExponent, growthTable, type Run } from './growth.ts';

const run = (players: number, desk: number, master: number): Run => ({
  players,
  figures: [
    { section: 'reports', figure: 'weekly balance, desk, e2e p50', value: desk, unit: 'ms' },
    { section: 'reports', figure: 'weekly balance, master, e2e p50', value: master, unit: 'ms' },
  ],
});

describe('how a figure grows with the book', () => {
  it('reads the exponent of a power law: flat, square root, linear', () => {
    const points = (f: (n: number) => number) =>
      [10_000, 30_000, 100_000, 300_000].map((players) => ({ players, value: f(players) }));
    expect(growthExponent(points(() => 7))).toBeCloseTo(0, 10);
    expect(growthExponent(points((n) => 3 * Math.sqrt(n)))).toBeCloseTo(0.5, 10);
    expect(growthExponent(points((n) => n / 1000))).toBeCloseTo(1, 10);
  });

  it('has no exponent from one size, or from a figure that is not positive', () => {
    expect(growthExponent([{ players: 10_000, value: 5 }])).toBeUndefined();
    expect(
      growthExponent([
        { players: 10_000, value: 0 },
        { players: 30_000, value: 5 },
      ]),
    ).toBeUndefined();
  });

  it('tabulates every figure at every size, smallest book first, with its exponent', () => {
    const table = growthTable([run(100_000, 12, 1000), run(10_000, 12, 100)]);
    expect(table.split('\n')).toEqual([
      '| figure | unit | 10,000 | 100,000 | exponent |',
      '|---|---|---:|---:|---:|',
      '| reports: weekly balance, desk, e2e p50 | ms | 12.0 | 12.0 | 0.00 |',
      '| reports: weekly balance, master, e2e p50 | ms | 100 | 1000 | 1.00 |',
    ]);
  });

  it('draws a line per call, desks and the master apart', () => {
    const chart = growthChart([run(10_000, 10, 100), run(100_000, 10, 1000)]);
    expect(chart.match(/<polyline/g)).toHaveLength(2);
    expect(chart).toContain('stroke="#2b6cb0"');
    expect(chart).toContain('stroke="#d9822b"');
    expect(growthChart([run(10_000, 10, 100)])).toBe('');
  });
});
