// The wager center's state lives in the URL (?tab=graded&sport=NFL&page=2 ...), each parameter
// parsed with the contract's own schema; anything unusable falls back to its default.
import { ChangeStatus } from '@backline/contract/enums';
import type { WAGER_SORTS } from '@backline/contract/endpoints/wagers';
import { WagerFilter } from '@backline/contract/endpoints/wagers';
import { IsoDate } from '@backline/contract/periods';
import type { z } from 'zod';

export const WAGER_TABS = ['open', 'graded', 'changed'] as const;
export type WagerTab = (typeof WAGER_TABS)[number];
export type WagerSort = (typeof WAGER_SORTS)[number];
export type SortDir = 'asc' | 'desc';

export interface WagerListFilters {
  idAgent?: number;
  idPlayer?: number;
  wagerType?: z.output<typeof WagerFilter.shape.wagerType>;
  sport?: z.output<typeof WagerFilter.shape.sport>;
  idCurrency?: number;
  betResult?: z.output<typeof WagerFilter.shape.betResult>;
  page: number;
  pageSize: number;
  sort: WagerSort;
  dir: SortDir;
}

export interface GradedListFilters extends WagerListFilters {
  startDate: string;
  endDate: string;
}

export interface ChangedFilters {
  startDate: string;
  endDate: string;
  idAgent?: number;
  status?: z.output<typeof ChangeStatus>;
}

export interface WagerCenterState {
  tab: WagerTab;
  list: WagerListFilters;
  startDate: string;
  endDate: string;
  status?: z.output<typeof ChangeStatus>;
}

export const DEFAULT_PAGE_SIZE = 50;
const DEFAULT_SORT: Record<WagerTab, WagerSort> = {
  open: 'placedAt',
  graded: 'gradedAt',
  changed: 'placedAt',
};

function pick<S extends z.ZodType>(schema: S, params: URLSearchParams, name: string) {
  const raw = params.get(name);
  if (raw === null || raw === '') return undefined;
  const parsed = schema.safeParse(raw);
  return parsed.success ? (parsed.data as z.output<S>) : undefined;
}

export interface ParseContext {
  /** Agents the caller may pick: an idAgent outside them is dropped. */
  agentIds: ReadonlySet<number>;
  /** The range used when the URL has none (this week, in the site's zone). */
  defaultRange: { startDate: string; endDate: string };
}

export function parseWagerCenter(params: URLSearchParams, ctx: ParseContext): WagerCenterState {
  const tabParam = params.get('tab');
  const tab: WagerTab = WAGER_TABS.find((t) => t === tabParam) ?? 'open';
  const s = WagerFilter.shape;
  const idAgent = pick(s.idAgent, params, 'idAgent');
  const sort = pick(s.sort, params, 'sort') ?? DEFAULT_SORT[tab];
  // Open wagers have no grading time: that order means nothing there.
  const usableSort = tab === 'open' && sort === 'gradedAt' ? DEFAULT_SORT.open : sort;
  const list: WagerListFilters = {
    idAgent: idAgent !== undefined && ctx.agentIds.has(idAgent) ? idAgent : undefined,
    idPlayer: pick(s.idPlayer, params, 'idPlayer'),
    wagerType: pick(s.wagerType, params, 'wagerType'),
    sport: pick(s.sport, params, 'sport'),
    idCurrency: pick(s.idCurrency, params, 'idCurrency'),
    betResult: tab === 'graded' ? pick(s.betResult, params, 'betResult') : undefined,
    page: pick(s.page, params, 'page') ?? 1,
    pageSize: pick(s.pageSize, params, 'pageSize') ?? DEFAULT_PAGE_SIZE,
    sort: usableSort,
    dir: pick(s.dir, params, 'dir') ?? 'desc',
  };
  const startDate = pick(IsoDate, params, 'startDate');
  const endDate = pick(IsoDate, params, 'endDate');
  const range =
    startDate && endDate && startDate <= endDate ? { startDate, endDate } : ctx.defaultRange;
  return { tab, list, ...range, status: pick(ChangeStatus, params, 'status') };
}

/** The URL of a state: defaults are left out so links stay short and readable. */
export function toSearchParams(state: WagerCenterState, ctx: ParseContext): URLSearchParams {
  const out = new URLSearchParams();
  if (state.tab !== 'open') out.set('tab', state.tab);
  const { list } = state;
  const set = (name: string, value: string | number | undefined) => {
    if (value !== undefined) out.set(name, String(value));
  };
  set('idAgent', list.idAgent);
  // Filters of the other tabs stay in the URL, so going back to a tab finds them as they were.
  set('idPlayer', list.idPlayer);
  set('wagerType', list.wagerType);
  set('sport', list.sport);
  set('idCurrency', list.idCurrency);
  set('betResult', list.betResult);
  set('status', state.status);
  const customRange =
    state.startDate !== ctx.defaultRange.startDate || state.endDate !== ctx.defaultRange.endDate;
  if (customRange) {
    set('startDate', state.startDate);
    set('endDate', state.endDate);
  }
  if (state.tab !== 'changed') {
    if (list.page !== 1) set('page', list.page);
    if (list.pageSize !== DEFAULT_PAGE_SIZE) set('pageSize', list.pageSize);
    if (list.sort !== DEFAULT_SORT[state.tab]) set('sort', list.sort);
    if (list.dir !== 'desc') set('dir', list.dir);
  }
  return out;
}

/** A header click: the same column flips its direction, a new one starts with the largest/latest. */
export function nextSort(
  current: { sort: WagerSort; dir: SortDir },
  key: WagerSort,
): { sort: WagerSort; dir: SortDir } {
  if (current.sort === key) return { sort: key, dir: current.dir === 'asc' ? 'desc' : 'asc' };
  return { sort: key, dir: key === 'player' ? 'asc' : 'desc' };
}

export function gradedFilters(state: WagerCenterState): GradedListFilters {
  return { ...state.list, startDate: state.startDate, endDate: state.endDate };
}

export function changedFilters(state: WagerCenterState): ChangedFilters {
  return {
    startDate: state.startDate,
    endDate: state.endDate,
    idAgent: state.list.idAgent,
    status: state.status,
  };
}
