// Client-side find, sort and column widths of the standing: the server sends every player of the
// subtree at once, so reordering and searching never need another round trip.
import type { SortDir } from '@backline/contract/core/common';
import type { PlayerStandingRow } from '@backline/contract/reports/player-standing';
import { headingWidth, widestText, type ColumnRoom } from '@/lib/column-width';
import { fold } from '@/lib/fold';

export const FIGURE_KEYS = [
  'CreditLimit',
  'Balance',
  'AtRisk',
  'Available',
  'FreePlayBalance',
  'ThisWeek',
  'LastWeek',
  'Sports',
  'Casino',
  'Horses',
] as const;
export type FigureKey = (typeof FIGURE_KEYS)[number];
export type SortKey = 'Player' | 'Agent' | FigureKey;

export interface Sort {
  key: SortKey;
  dir: SortDir;
}

export function sortRows(
  rows: readonly PlayerStandingRow[],
  sort: Sort | null,
  locale: string,
  /** An amount as it ranks: in the site's currency across currencies (money-ranking.ts). */
  rank: (amount: number, currency: string) => number = (amount) => amount,
): readonly PlayerStandingRow[] {
  if (!sort) return rows;
  const sign = sort.dir === 'asc' ? 1 : -1;
  const { key } = sort;
  const collator = new Intl.Collator(locale, { numeric: true, sensitivity: 'base' });
  const compare =
    key === 'Player' || key === 'Agent'
      ? (a: PlayerStandingRow, b: PlayerStandingRow) => collator.compare(a[key], b[key])
      : (a: PlayerStandingRow, b: PlayerStandingRow) =>
          rank(a[key], a.Currency) - rank(b[key], b.Currency);
  // Ties keep the server's order, so equal figures do not shuffle between clicks.
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => compare(a.row, b.row) * sign || a.index - b.index)
    .map(({ row }) => row);
}

export function filterRows(
  rows: readonly PlayerStandingRow[],
  search: string,
): readonly PlayerStandingRow[] {
  const needle = fold(search.trim());
  if (!needle) return rows;
  return rows.filter((r) => fold(r.Player).includes(needle) || fold(r.Name).includes(needle));
}

/**
 * What each figure column must hold, in `ch`: its widest formatted amount (only each currency's
 * extremes need formatting) and its heading's longest word (headings wrap), so virtual rows
 * coming and going never move columns.
 */
export function columnChars(
  rows: ReadonlyArray<Pick<PlayerStandingRow, 'Currency' | FigureKey>>,
  totals: ReadonlyArray<Pick<PlayerStandingRow, 'Currency' | FigureKey>>,
  format: (minor: number, currency: string) => string,
  labels: Record<FigureKey, string>,
): Record<FigureKey, ColumnRoom> {
  const widths = {} as Record<FigureKey, ColumnRoom>;
  for (const key of FIGURE_KEYS) {
    const extremes = new Map<string, [number, number]>();
    for (const line of rows) {
      const e = extremes.get(line.Currency);
      const v = line[key];
      if (!e) extremes.set(line.Currency, [v, v]);
      else extremes.set(line.Currency, [Math.min(e[0], v), Math.max(e[1], v)]);
    }
    const rowTexts = [...extremes].flatMap(([currency, [min, max]]) => [
      format(min, currency),
      format(max, currency),
    ]);
    const totalTexts = totals.map((total) => format(total[key], total.Currency));
    // Available is bold in every row; totals rows are bold throughout.
    widths[key] = {
      heading: headingWidth(labels[key]),
      figure: Math.max(widestText(rowTexts, key === 'Available'), widestText(totalTexts, true)),
    };
  }
  return widths;
}
