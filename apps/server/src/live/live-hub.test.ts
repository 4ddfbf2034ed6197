import { describe, expect, it } from 'vitest';
import { track } from './live-hub.ts';

describe('the live poller’s cursor and gaps', () => {
  it('reads each id once, looks into the gaps for late commits, and gives them up in time', () => {
    const s = { cursor: 10, gaps: [] as { lo: number; hi: number; since: number }[] };
    // 12 and 14..15 are not committed yet when 11, 13 and 16 are read.
    expect(track(s, [11, 13, 16], 0)).toEqual([11, 13, 16]);
    expect(s.cursor).toBe(16);
    expect(s.gaps.map((g) => [g.lo, g.hi])).toEqual([
      [12, 12],
      [14, 15],
    ]);
    // 14 commits late: read once, its gap split; 12 never does (a rollback).
    expect(track(s, [14, 17], 1_000)).toEqual([14, 17]);
    expect(s.gaps.map((g) => [g.lo, g.hi])).toEqual([
      [12, 12],
      [15, 15],
    ]);
    // Read again (a poll that overlapped), nothing is new.
    expect(track(s, [14, 17], 2_000)).toEqual([]);
    // After the late window, the gaps are given up.
    expect(track(s, [], 11_000)).toEqual([]);
    expect(s.gaps).toEqual([]);
  });
});
