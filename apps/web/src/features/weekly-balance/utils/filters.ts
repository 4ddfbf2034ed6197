// The report's state lives in the URL (?period=3&idAgent=5&search=ann&sort=ending&dir=desc&page=2),
// each parameter parsed with the contract's own request schema; anything unusable falls back to
// its default, and defaults are left out of the URL so links stay short.
import {
  WeeklyBalancePageRequest,
  type WeeklyBalanceSort,
} from '@backline/contract/reports/weekly-balance';
import { WEEK_PERIODS } from '@backline/contract/core/enums';
import type { UrlChange, UrlState } from '@/lib/url-state';
import type { SortDir, WeeklyBalanceFilters } from '../api/get-weekly-balance';

const s = WeeklyBalancePageRequest.shape;
export const WEEKLY_BALANCE_URL = {
  period: s.period,
  idAgent: s.idAgent,
  search: s.search,
  sort: s.sort,
  dir: s.dir,
  page: s.page,
  pageSize: s.pageSize,
};
/** The week and the agent have no default of their own: a choice is written as made. */
export const WEEKLY_BALANCE_DEFAULTS = {
  period: undefined,
  idAgent: undefined,
  search: '',
  sort: 'player' satisfies WeeklyBalanceSort,
  dir: 'asc' satisfies SortDir,
  page: 1,
  pageSize: 100,
} as const;

type Url = UrlState<typeof WEEKLY_BALANCE_URL, typeof WEEKLY_BALANCE_DEFAULTS>;

/** Everything the screen asks the server for, each with a value. */
export type WeeklyBalanceState = Required<WeeklyBalanceFilters>;

/**
 * The URL's values with the agent in scope; `defaultPeriod` is the week the screen opens on
 * (settlementPeriod: last week on a Monday), also used for a period that is not a week.
 */
export function weeklyBalanceState(
  url: Url,
  idAgent: number,
  defaultPeriod: number,
): WeeklyBalanceState {
  const period = url.period ?? defaultPeriod;
  return {
    ...url,
    period: (WEEK_PERIODS as readonly number[]).includes(period) ? period : defaultPeriod,
    idAgent,
  };
}

/**
 * The URL change of a change. Any change but a page turn starts again from the first page:
 * page 3 of one search or order is not a place in another.
 */
export function weeklyBalanceChange(
  change: Partial<WeeklyBalanceState>,
): UrlChange<typeof WEEKLY_BALANCE_URL, typeof WEEKLY_BALANCE_DEFAULTS> {
  const out: UrlChange<typeof WEEKLY_BALANCE_URL, typeof WEEKLY_BALANCE_DEFAULTS> = {
    page: change.page ?? 1,
  };
  if (change.period !== undefined) out.period = change.period;
  if (change.idAgent !== undefined) out.idAgent = change.idAgent;
  if (change.search !== undefined) out.search = change.search.trim();
  if (change.sort !== undefined) out.sort = change.sort;
  if (change.dir !== undefined) out.dir = change.dir;
  if (change.pageSize !== undefined) out.pageSize = change.pageSize;
  return out;
}

/** A header click: the sorted column flips its direction, another one starts ascending. */
export function nextSort(
  current: { sort: WeeklyBalanceSort; dir: SortDir },
  key: WeeklyBalanceSort,
): { sort: WeeklyBalanceSort; dir: SortDir } {
  if (current.sort === key) return { sort: key, dir: current.dir === 'asc' ? 'desc' : 'asc' };
  return { sort: key, dir: 'asc' };
}
