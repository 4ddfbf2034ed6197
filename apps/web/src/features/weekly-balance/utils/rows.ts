// Client-side find and sort of the week's rows: the server sends the whole week at once, so
// reordering and searching never need another round trip.
import type { WeeklyBalanceRow } from '@backline/contract/endpoints/weekly-balance';

export const DAY_COUNT = 7;

export type FigureKey = 'carry' | 'week' | 'payments' | 'adjustments' | 'ending';
export type DayKey = `day${0 | 1 | 2 | 3 | 4 | 5 | 6}`;
export type SortKey = 'player' | FigureKey | DayKey;
export type SortDirection = 'ascending' | 'descending';

export interface Sort {
  key: SortKey;
  direction: SortDirection;
}

export type FigureRow = Pick<
  WeeklyBalanceRow,
  'Carry' | 'Days' | 'WeekTotal' | 'Payments' | 'Adjustments' | 'Ending'
>;

export const FIGURES: ReadonlyArray<{ key: FigureKey; value: (row: FigureRow) => number }> = [
  { key: 'carry', value: (r) => r.Carry },
  { key: 'week', value: (r) => r.WeekTotal },
  { key: 'payments', value: (r) => r.Payments },
  { key: 'adjustments', value: (r) => r.Adjustments },
  { key: 'ending', value: (r) => r.Ending },
];

export function dayKey(index: number): DayKey {
  return `day${index}` as DayKey;
}

export type NumericKey = Exclude<SortKey, 'player'>;

/** The money columns in table order. */
export const NUMERIC_KEYS: readonly NumericKey[] = [
  'carry',
  ...Array.from({ length: DAY_COUNT }, (_, i) => dayKey(i)),
  'week',
  'payments',
  'adjustments',
  'ending',
];

export function figure(row: FigureRow, key: NumericKey): number {
  if (key.startsWith('day')) return row.Days[Number(key.slice(3))] ?? 0;
  return FIGURES.find((f) => f.key === key)?.value(row) ?? 0;
}

export function sortRows(
  rows: readonly WeeklyBalanceRow[],
  sort: Sort | null,
  locale: string,
): readonly WeeklyBalanceRow[] {
  if (!sort) return rows;
  const sign = sort.direction === 'ascending' ? 1 : -1;
  const collator = new Intl.Collator(locale, { numeric: true, sensitivity: 'base' });
  const { key } = sort;
  const compare =
    key === 'player'
      ? (a: WeeklyBalanceRow, b: WeeklyBalanceRow) => collator.compare(a.Player, b.Player)
      : (a: WeeklyBalanceRow, b: WeeklyBalanceRow) => figure(a, key) - figure(b, key);
  // Ties keep the server's order (by login), so equal figures do not shuffle between clicks.
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => compare(a.row, b.row) * sign || a.index - b.index)
    .map(({ row }) => row);
}

/** The next state of a column's sort: first click ascending, then it flips. */
export function nextSort(current: Sort | null, key: SortKey): Sort {
  if (current?.key === key) {
    return { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
  }
  return { key, direction: 'ascending' };
}

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase();
}

export function filterRows(
  rows: readonly WeeklyBalanceRow[],
  search: string,
): readonly WeeklyBalanceRow[] {
  const needle = fold(search.trim());
  if (!needle) return rows;
  return rows.filter((r) => fold(r.Player).includes(needle) || fold(r.Name).includes(needle));
}
