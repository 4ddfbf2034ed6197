// The week table's columns, shared by its header, rows and totals.
import { FIGURES } from '../utils/rows';

export const DAY_KEYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/** The figures after the seven days, in table order; carry comes before the days. */
export const AFTER_DAYS = FIGURES.filter((f) => f.key !== 'carry');

/** Carry, payments and adjustments are set smaller than the days and the ending. */
export function isMinor(key: string): boolean {
  return key === 'carry' || key === 'payments' || key === 'adjustments';
}

/** The ending is the key figure, kept in view at the right edge; the secondary figures smaller. */
export function figureClass(key: string): string | undefined {
  if (key === 'ending') return 'col-ending col-key';
  return isMinor(key) ? 'col-minor' : undefined;
}
