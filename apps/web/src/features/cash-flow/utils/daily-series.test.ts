import { describe, expect, it } from 'vitest';
import { dailySeries } from './daily-series';

describe('cash flow daily series', () => {
  it('fills every day of the period per currency, out below the axis', () => {
    const series = dailySeries({
      StartDate: '2026-11-16',
      EndDate: '2026-11-18',
      Days: [
        { Date: '2026-11-17', Currency: 'USD', In: 500, Out: 200, Settlements: 0, Net: 300 },
        { Date: '2026-11-16', Currency: 'MXN', In: 0, Out: 100, Settlements: 0, Net: -100 },
      ],
      Totals: [
        { Currency: 'MXN', In: 0, Out: 100, Settlements: 0, Net: -100 },
        { Currency: 'USD', In: 500, Out: 200, Settlements: 0, Net: 300 },
      ],
    });
    expect(series.map((s) => s.currency)).toEqual(['MXN', 'USD']);
    expect(series[1]).toEqual({
      currency: 'USD',
      days: ['2026-11-16', '2026-11-17', '2026-11-18'],
      in: [0, 500, 0],
      out: [-0, -200, -0],
    });
    expect(series[0]!.out).toEqual([-100, -0, -0]);
  });
});
