// The wager center's state lives in the URL (?tab=graded&sport=NFL&page=2 ...), each parameter
// parsed with the contract's own schema (lib/url-state); anything unusable falls back to its default.
import { ChangeStatus } from '@backline/contract/core/enums';
import type { WAGER_SORTS } from '@backline/contract/reports/wagers';
import { OpenWagerFilter, WagerFilter } from '@backline/contract/reports/wagers';
import { IsoDate } from '@backline/contract/core/periods';
import type { SortDir } from '@backline/contract/core/common';
import { z } from 'zod';
import { datesOr, datesParams, type DateRange } from '@/lib/period-range';
import type { UrlChange, UrlState } from '@/lib/url-state';

export const WAGER_TABS = ['open', 'graded', 'changed'] as const;
export type WagerTab = (typeof WAGER_TABS)[number];
export type WagerSort = (typeof WAGER_SORTS)[number];

export interface WagerListFilters {
  /** Left out: the caller's own subtree. */
  idAgent?: number;
  idPlayer?: number;
  wagerType?: z.output<typeof WagerFilter.shape.wagerType>;
  sport?: z.output<typeof WagerFilter.shape.sport>;
  idCurrency?: number;
  betResult?: z.output<typeof WagerFilter.shape.betResult>;
  /** Open wagers with a leg on this game (position's drill-down). */
  idEvent?: number;
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
  /** The agent is always the one in scope. */
  list: WagerListFilters & { idAgent: number };
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

const s = WagerFilter.shape;
export const WAGER_CENTER_URL = {
  tab: z.enum(WAGER_TABS),
  idAgent: s.idAgent,
  idPlayer: s.idPlayer,
  wagerType: s.wagerType,
  sport: s.sport,
  idCurrency: s.idCurrency,
  betResult: s.betResult,
  idEvent: OpenWagerFilter.shape.idEvent,
  status: ChangeStatus,
  startDate: IsoDate,
  endDate: IsoDate,
  page: s.page,
  pageSize: s.pageSize,
  sort: s.sort,
  dir: s.dir,
};
/** The order's default is the tab's; the dates' the week the screen opens on (see wagerCenterState). */
export const WAGER_CENTER_DEFAULTS = {
  tab: 'open',
  idAgent: undefined,
  idPlayer: undefined,
  wagerType: undefined,
  sport: undefined,
  idCurrency: undefined,
  betResult: undefined,
  idEvent: undefined,
  status: undefined,
  startDate: undefined,
  endDate: undefined,
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
  sort: undefined,
  dir: 'desc',
} as const;

type Url = UrlState<typeof WAGER_CENTER_URL, typeof WAGER_CENTER_DEFAULTS>;
type Change = UrlChange<typeof WAGER_CENTER_URL, typeof WAGER_CENTER_DEFAULTS>;

/** The URL's values with the agent in scope and the tab's own defaults. */
export function wagerCenterState(
  url: Url,
  idAgent: number,
  defaultRange: DateRange,
): WagerCenterState {
  const { tab } = url;
  const sort = url.sort ?? DEFAULT_SORT[tab];
  // Open wagers have no grading time: that order means nothing there.
  const usableSort = tab === 'open' && sort === 'gradedAt' ? DEFAULT_SORT.open : sort;
  const list: WagerCenterState['list'] = {
    idAgent,
    idPlayer: url.idPlayer,
    wagerType: url.wagerType,
    sport: url.sport,
    idCurrency: url.idCurrency,
    betResult: tab === 'graded' ? url.betResult : undefined,
    // One game: the open list's (from position); the other tabs list every game.
    idEvent: tab === 'open' ? url.idEvent : undefined,
    page: url.page,
    pageSize: url.pageSize,
    sort: usableSort,
    dir: url.dir,
  };
  return { tab, list, ...datesOr(url, defaultRange), status: url.status };
}

/**
 * The URL of a whole state, the agent aside (written only when chosen): defaults are left out so
 * links stay short and readable.
 */
export function wagerCenterParams(state: WagerCenterState, defaultRange: DateRange): Change {
  const { tab, list } = state;
  // The changed list has no pages nor order of its own.
  const paged = tab !== 'changed';
  return {
    tab,
    // Filters of the other tabs stay in the URL, so going back to a tab finds them as they were.
    idPlayer: list.idPlayer,
    wagerType: list.wagerType,
    sport: list.sport,
    idCurrency: list.idCurrency,
    betResult: list.betResult,
    idEvent: list.idEvent,
    status: state.status,
    ...datesParams(state, defaultRange),
    page: paged ? list.page : null,
    pageSize: paged ? list.pageSize : null,
    sort: paged && list.sort !== DEFAULT_SORT[tab] ? list.sort : null,
    dir: paged ? list.dir : null,
  };
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
