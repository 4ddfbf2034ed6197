import { useAgentWeekState } from '@/lib/agent-week-state';
import {
  WAGER_CENTER_DEFAULTS,
  WAGER_CENTER_URL,
  wagerCenterParams,
  wagerCenterState,
  type WagerCenterState,
} from '../utils/filters';

export interface WagerCenterPatch extends Partial<Omit<WagerCenterState, 'list'>> {
  list?: Partial<WagerCenterState['list']>;
}

const SCREEN = {
  fields: WAGER_CENTER_URL,
  defaults: WAGER_CENTER_DEFAULTS,
  read: wagerCenterState,
  write: wagerCenterParams,
  // Any change but a page turn starts again from the first page of the new set.
  merge: (state: WagerCenterState, patch: WagerCenterPatch): WagerCenterState => ({
    ...state,
    ...patch,
    list: { ...state.list, ...patch.list, page: patch.list?.page ?? 1 },
  }),
  chosenAgent: (patch: WagerCenterPatch) => patch.list?.idAgent,
} as const;

/** The wager center's tab and filters, read from and written to the URL. */
export const useWagerCenterState = () => useAgentWeekState(SCREEN);
