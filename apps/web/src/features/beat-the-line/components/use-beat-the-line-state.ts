import { useAgentWeekState } from '@/lib/agent-week-state';
import {
  BEAT_THE_LINE_DEFAULTS,
  BEAT_THE_LINE_URL,
  beatTheLineParams,
  beatTheLineState,
  type BeatTheLineState,
} from '../utils/filters';

export interface BeatTheLinePatch {
  filters?: Partial<BeatTheLineState['filters']>;
  sort?: BeatTheLineState['sort'];
  dir?: BeatTheLineState['dir'];
}

const SCREEN = {
  fields: BEAT_THE_LINE_URL,
  defaults: BEAT_THE_LINE_DEFAULTS,
  options: { trueAs: 'true' },
  read: beatTheLineState,
  write: beatTheLineParams,
  merge: (state: BeatTheLineState, patch: BeatTheLinePatch): BeatTheLineState => ({
    ...state,
    ...patch,
    filters: { ...state.filters, ...patch.filters },
  }),
  chosenAgent: (patch: BeatTheLinePatch) => patch.filters?.idAgent,
} as const;

export const useBeatTheLineState = () => useAgentWeekState(SCREEN);
