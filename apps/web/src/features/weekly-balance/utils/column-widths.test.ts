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
  it('hold the widest formatted figure, totals (set bold) included, and the heading', () => {
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
      figure: textWidth('-$1,234,567.89', true),
    });
    expect(widths.day1.figure).toBe(textWidth('$0.05', true));
    expect(widths.adjustments).toEqual({
      heading: textWidth('Adjustments'),
      figure: textWidth('$0.00', true),
    });
  });

  it('count a player row at regular weight, but the ending in bold', () => {
    const row = {
      IdPlayer: 1,
      Player: 'PL1',
      Name: 'A',
      IdAgent: 1,
      Agent: 'AG1',
      Currency: 'MXN',
      ...figures,
      Carry: 1_000,
      Ending: 1_000,
    };
    const widths = columnWidths(
      { Rows: [row], Totals: [] },
      (minor, currency) => formatMoney(minor, currency, 'en-US'),
      labels,
    );
    expect(widths.carry.figure).toBe(textWidth('MX$10.00'));
    expect(widths.ending.figure).toBe(textWidth('MX$10.00', true));
  });
});
