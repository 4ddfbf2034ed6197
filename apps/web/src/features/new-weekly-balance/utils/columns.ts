// The columns of an agent block, in table order, shared by its header, player rows and totals.
import type { NewWeeklyBalanceTotals } from '@backline/contract/reports/new-weekly-balance';

export type BlockFigures = Pick<
  NewWeeklyBalanceTotals,
  'Carry' | 'Days' | 'WeekTotal' | 'Payments' | 'Adjustments' | 'Ending' | 'Products'
>;

export const DAY_KEYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

export const AFTER_DAYS: ReadonlyArray<{ key: string; value: (f: BlockFigures) => number }> = [
  { key: 'week', value: (f) => f.WeekTotal },
  { key: 'sports', value: (f) => f.Products.Sports },
  { key: 'casino', value: (f) => f.Products.Casino },
  { key: 'horses', value: (f) => f.Products.Horses },
  { key: 'rbl', value: (f) => f.Products.Rbl },
  { key: 'payments', value: (f) => f.Payments },
  { key: 'adjustments', value: (f) => f.Adjustments },
  { key: 'ending', value: (f) => f.Ending },
];

/** Blocks open by default when there are few of them; with many, the agent list comes first. */
export const OPEN_BLOCKS_UP_TO = 3;
