// The ticker's list as a reducer: newest first, each activity once, at most LIVE_LIST_LIMIT kept;
// while paused, what arrives waits in a queue (counted on screen) and joins the list on resume.
import { LIVE_LIST_LIMIT, type LiveItem } from '@backline/contract/calls/live';

export type Connection = 'connecting' | 'live' | 'reconnecting';

export interface TickerState {
  items: LiveItem[];
  queued: LiveItem[];
  paused: boolean;
  connection: Connection;
}

export type TickerAction =
  | { type: 'loaded'; items: readonly LiveItem[] }
  | { type: 'arrived'; items: readonly LiveItem[] }
  | { type: 'pause' }
  | { type: 'resume' }
  | { type: 'connection'; connection: Connection };

export const INITIAL_TICKER: TickerState = {
  items: [],
  queued: [],
  paused: false,
  connection: 'connecting',
};

/** Both lists as one: each id once, newest (highest id) first, cut at `cap`. */
export function mergeItems(
  list: readonly LiveItem[],
  more: readonly LiveItem[],
  cap = LIVE_LIST_LIMIT,
): LiveItem[] {
  const byId = new Map<number, LiveItem>();
  for (const item of list) byId.set(item.Id, item);
  for (const item of more) byId.set(item.Id, item);
  return [...byId.values()].sort((a, b) => b.Id - a.Id).slice(0, cap);
}

export function tickerReducer(state: TickerState, action: TickerAction): TickerState {
  switch (action.type) {
    case 'loaded':
      // A fresh first page (new filters, or a gap too long to replay): what the list held goes.
      return { ...state, items: mergeItems([], action.items), queued: [] };
    case 'arrived': {
      const known = new Set([...state.items, ...state.queued].map((i) => i.Id));
      const fresh = action.items.filter((i) => !known.has(i.Id));
      if (fresh.length === 0) return state;
      return state.paused
        ? { ...state, queued: mergeItems(state.queued, fresh) }
        : { ...state, items: mergeItems(state.items, fresh) };
    }
    case 'pause':
      return state.paused ? state : { ...state, paused: true };
    case 'resume':
      return {
        ...state,
        paused: false,
        items: mergeItems(state.items, state.queued),
        queued: [],
      };
    case 'connection':
      return state.connection === action.connection
        ? state
        : { ...state, connection: action.connection };
  }
}

/** Whether a wager is big for this agent: its risk in the site currency at or over the threshold. */
export const isBig = (item: LiveItem, bigRisk: number) =>
  item.RiskSite !== null && item.RiskSite >= bigRisk;
