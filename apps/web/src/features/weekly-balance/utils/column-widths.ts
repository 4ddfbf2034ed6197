// A virtualized table only lays out the rows on screen, so automatic column widths would jump as
// rows scroll in and out. Widths are fixed up front instead, in `ch` of the widest figure each
// column can show (its extremes per currency, formatted for the locale) and of its heading's
// longest word (headings wrap).
import type { WeeklyBalanceResponse } from '@backline/contract/endpoints/weekly-balance';
import { headingWidth, textWidth, type ColumnRoom } from '@/lib/column-width';
import { NUMERIC_KEYS, figure, type FigureRow, type NumericKey } from './rows';

export type ColumnWidths = Record<NumericKey, ColumnRoom>;

export function columnWidths(
  report: Pick<WeeklyBalanceResponse, 'Rows' | 'Totals'>,
  format: (minor: number, currency: string) => string,
  labels: Record<NumericKey, string>,
): ColumnWidths {
  const lines: Array<{ currency: string; row: FigureRow }> = [
    ...report.Rows.map((row) => ({ currency: row.Currency, row })),
    ...report.Totals.map((row) => ({ currency: row.Currency, row })),
  ];
  const widths = {} as ColumnWidths;
  for (const key of NUMERIC_KEYS) {
    const extremes = new Map<string, { min: number; max: number }>();
    for (const { currency, row } of lines) {
      const value = figure(row, key);
      const e = extremes.get(currency);
      if (!e) extremes.set(currency, { min: value, max: value });
      else {
        e.min = Math.min(e.min, value);
        e.max = Math.max(e.max, value);
      }
    }
    let figureChars = 0;
    for (const [currency, { min, max }] of extremes) {
      figureChars = Math.max(
        figureChars,
        textWidth(format(min, currency)),
        textWidth(format(max, currency)),
      );
    }
    widths[key] = { heading: headingWidth(labels[key]), figure: figureChars };
  }
  return widths;
}
