import { describe, expect, it } from 'vitest';
import { summarizeWeek } from './week-summary';

describe('week summary', () => {
  it('finds the highest and lowest day and the total', () => {
    expect(summarizeWeek([100, -250, 0, 75, 0, 0, 0])).toEqual({ total: -75, best: 0, worst: 1 });
  });

  it('keeps the first of equal days', () => {
    expect(summarizeWeek([5, 5, -5, -5, 0, 0, 0])).toEqual({ total: 0, best: 0, worst: 2 });
  });

  it('has no best or worst day in a quiet week', () => {
    expect(summarizeWeek([0, 0, 0, 0, 0, 0, 0])).toEqual({ total: 0, best: null, worst: null });
  });
});
