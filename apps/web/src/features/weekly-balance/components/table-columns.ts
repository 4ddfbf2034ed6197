// The week table's columns, shared by its header, rows and totals.
import { FIGURES } from '../utils/rows';

export const DAY_KEYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/** The figures after the seven days, in table order; carry comes before the days. */
export const AFTER_DAYS = FIGURES.filter((f) => f.key !== 'carry');

export function figureClass(key: string): string | undefined {
  return key === 'ending' ? 'col-ending col-key' : undefined;
}
