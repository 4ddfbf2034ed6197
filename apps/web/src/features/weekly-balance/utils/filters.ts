// The report's state lives in the URL (?period=3&idAgent=5&search=ann&sort=ending&dir=desc&page=2),
// each parameter parsed with the contract's own request schema; anything unusable falls back to
// its default, and defaults are left out of the URL so links stay short.
import {
  WeeklyBalancePageRequest,
  type WeeklyBalanceSort,
} from '@backline/contract/endpoints/weekly-balance';
import { WEEK_PERIODS } from '@backline/contract/enums';
import { readParam, type ParamPatch } from '@/lib/search-params';
import type { SortDir, WeeklyBalanceFilters } from '../api/get-weekly-balance';

const DEFAULT_PAGE_SIZE = 100;
const DEFAULT_SORT: WeeklyBalanceSort = 'player';
const DEFAULT_DIR: SortDir = 'asc';

/** Everything the screen asks the server for, each with a value. */
export type WeeklyBalanceState = Required<WeeklyBalanceFilters>;

/** `defaultPeriod`: the week the screen opens on (settlementPeriod: last week on a Monday). */
export function parseWeeklyBalanceState(
  params: URLSearchParams,
  selfId: number,
  agentIds: ReadonlySet<number>,
  defaultPeriod: number,
): WeeklyBalanceState {
  const s = WeeklyBalancePageRequest.shape;
  const period = readParam(params, 'period', s.period, defaultPeriod);
  const idAgent = readParam(params, 'idAgent', s.idAgent, selfId);
  return {
    period: (WEEK_PERIODS as readonly number[]).includes(period) ? period : defaultPeriod,
    idAgent: agentIds.has(idAgent) ? idAgent : selfId,
    search: readParam(params, 'search', s.search, ''),
    sort: readParam(params, 'sort', s.sort, DEFAULT_SORT),
    dir: readParam(params, 'dir', s.dir, DEFAULT_DIR),
    page: readParam(params, 'page', s.page, 1),
    pageSize: readParam(params, 'pageSize', s.pageSize, DEFAULT_PAGE_SIZE),
  };
}

/**
 * The URL parameters of a change. Any change but a page turn starts again from the first page:
 * page 3 of one search or order is not a place in another.
 */
export function changeParams(change: Partial<WeeklyBalanceState>): ParamPatch {
  const page = change.page ?? 1;
  const patch: ParamPatch = { page: page === 1 ? null : page };
  if (change.period !== undefined) patch.period = change.period;
  if (change.idAgent !== undefined) patch.idAgent = change.idAgent;
  if (change.search !== undefined) patch.search = change.search.trim() || null;
  if (change.sort !== undefined) patch.sort = change.sort === DEFAULT_SORT ? null : change.sort;
  if (change.dir !== undefined) patch.dir = change.dir === DEFAULT_DIR ? null : change.dir;
  if (change.pageSize !== undefined) {
    patch.pageSize = change.pageSize === DEFAULT_PAGE_SIZE ? null : change.pageSize;
  }
  return patch;
}

/** A header click: the sorted column flips its direction, another one starts ascending. */
export function nextSort(
  current: { sort: WeeklyBalanceSort; dir: SortDir },
  key: WeeklyBalanceSort,
): { sort: WeeklyBalanceSort; dir: SortDir } {
  if (current.sort === key) return { sort: key, dir: current.dir === 'asc' ? 'desc' : 'asc' };
  return { sort: key, dir: 'asc' };
}
