import { describe, expect, it } from 'vitest';
import { clockStartingAt } from './clock.ts';

describe('clockStartingAt', () => {
  it('reads the start instant when created and then moves on in real time', () => {
    let real = Date.parse('2031-02-03T08:00:00Z');
    const clock = clockStartingAt(new Date('2026-11-19T20:00:00Z'), () => real);
    expect(clock().toISOString()).toBe('2026-11-19T20:00:00.000Z');
    real += 90_000;
    expect(clock().toISOString()).toBe('2026-11-19T20:01:30.000Z');
  });

  it('is the real clock without a start', () => {
    const real = Date.parse('2031-02-03T08:00:00Z');
    expect(clockStartingAt(undefined, () => real)().getTime()).toBe(real);
  });
});
