import { formatMoney } from '@backline/contract';
import { describe, expect, it } from 'vitest';
import { textWidth } from '@/lib/column-width';
import { columnWidths } from './column-widths';

const labels = {
  carry: 'Carry',
  day0: 'Mon',
  day1: 'Tue',
  day2: 'Wed',
  day3: 'Thu',
  day4: 'Fri',
  day5: 'Sat',
  day6: 'Sun',
  week: 'Week',
  payments: 'Payments',
  adjustments: 'Adjustments',
  ending: 'Ending',
};

const figures = {
  Carry: -123_456_789,
  Days: [0, 5, 0, 0, 0, 0, 0],
  WeekTotal: 5,
  Payments: 0,
  Adjustments: 0,
  Ending: -123_456_784,
};

describe('column widths', () => {
  it('hold the widest formatted figure, totals included, and the heading', () => {
    const widths = columnWidths(
      {
        Rows: [],
        Totals: [{ Currency: 'USD', Players: 1, ...figures }],
      },
      (minor, currency) => formatMoney(minor, currency, 'en-US'),
      labels,
    );
    expect(widths.carry).toEqual({
      heading: textWidth('Carry'),
      figure: textWidth('-$1,234,567.89'),
    });
    expect(widths.day1.figure).toBe(textWidth('$0.05'));
    expect(widths.adjustments).toEqual({
      heading: textWidth('Adjustments'),
      figure: textWidth('$0.00'),
    });
  });
});
