// The money figures of a week's row (or a totals row), by the column keys the server sorts by.
import type {
  WeeklyBalanceRow,
  WeeklyBalanceSort,
} from '@backline/contract/reports/weekly-balance';

const DAY_COUNT = 7;

/** The money columns: every sort key of the contract but the player. */
export type NumericKey = Exclude<WeeklyBalanceSort, 'player'>;
type DayKey = Extract<NumericKey, `day${number}`>;
type FigureKey = Exclude<NumericKey, DayKey>;

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
