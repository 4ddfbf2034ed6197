// A virtualized table only lays out the rows on screen, so automatic column widths would jump as
// rows scroll in and out. Widths are fixed up front instead, in `ch` of the widest figure each
// column can show (its extremes per currency, formatted for the locale) and of its heading's
// longest word (headings wrap).
import type { WeeklyBalanceResponse } from '@backline/contract/reports/weekly-balance';
import { headingWidth, widestText, type ColumnRoom } from '@/lib/column-width';
import { NUMERIC_KEYS, figure, type NumericKey } from './rows';

export type ColumnWidths = Record<NumericKey, ColumnRoom>;

export function columnWidths(
  report: Pick<WeeklyBalanceResponse, 'Rows' | 'Totals'>,
  format: (minor: number, currency: string) => string,
  labels: Record<NumericKey, string>,
): ColumnWidths {
  const widths = {} as ColumnWidths;
  for (const key of NUMERIC_KEYS) {
    const extremes = new Map<string, { min: number; max: number }>();
    for (const row of report.Rows) {
      const value = figure(row, key);
      const e = extremes.get(row.Currency);
      if (!e) extremes.set(row.Currency, { min: value, max: value });
      else {
        e.min = Math.min(e.min, value);
        e.max = Math.max(e.max, value);
      }
    }
    const rowTexts = [...extremes].flatMap(([currency, { min, max }]) => [
      format(min, currency),
      format(max, currency),
    ]);
    const totalTexts = report.Totals.map((total) => format(figure(total, key), total.Currency));
    // The ending is bold in every row; totals rows are bold throughout.
    widths[key] = {
      heading: headingWidth(labels[key]),
      figure: Math.max(widestText(rowTexts, key === 'ending'), widestText(totalTexts, true)),
    };
  }
  return widths;
}
