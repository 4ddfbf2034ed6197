// Beat the line's filters live in the URL, each parsed with the contract's own schema
// (lib/url-state); its links spell the beaters-only flag `true`.
import { QueryBool } from '@backline/contract/core/endpoint';
import { PeriodFields, SORT_DIRS, type SortDir } from '@backline/contract/core/common';
import { Sport } from '@backline/contract/core/enums';
import { IsoDate } from '@backline/contract/core/periods';
import { z } from 'zod';
import { datesOr, datesParams, type DateRange } from '@/lib/period-range';
import type { UrlChange, UrlState } from '@/lib/url-state';
import type { BeatTheLineFilters } from '../api/get-beat-the-line';
import { PLAYER_SORTS, type PlayerSort } from './players';

export interface BeatTheLineState {
  /** The agent is always the one in scope. */
  filters: BeatTheLineFilters & { idAgent: number };
  sort: PlayerSort;
  dir: SortDir;
}

export const BEAT_THE_LINE_URL = {
  startDate: IsoDate,
  endDate: IsoDate,
  idAgent: PeriodFields.shape.idAgent,
  sport: Sport,
  beatersOnly: QueryBool,
  sort: z.enum(PLAYER_SORTS),
  dir: z.enum(SORT_DIRS),
};
/** The dates' default is the week the screen opens on (see beatTheLineState). */
export const BEAT_THE_LINE_DEFAULTS = {
  startDate: undefined,
  endDate: undefined,
  idAgent: undefined,
  sport: undefined,
  beatersOnly: false,
  sort: 'score',
  dir: 'desc',
} as const;

type Url = UrlState<typeof BEAT_THE_LINE_URL, typeof BEAT_THE_LINE_DEFAULTS>;
type Change = UrlChange<typeof BEAT_THE_LINE_URL, typeof BEAT_THE_LINE_DEFAULTS>;

export function beatTheLineState(
  url: Url,
  idAgent: number,
  defaultRange: DateRange,
): BeatTheLineState {
  return {
    filters: {
      ...datesOr(url, defaultRange),
      idAgent,
      sport: url.sport,
      beatersOnly: url.beatersOnly ? true : undefined,
    },
    sort: url.sort,
    dir: url.dir,
  };
}

/** The URL of a whole state, the agent aside (written only when chosen); defaults left out. */
export function beatTheLineParams(state: BeatTheLineState, defaultRange: DateRange): Change {
  const f = state.filters;
  return {
    ...datesParams(f, defaultRange),
    sport: f.sport,
    beatersOnly: f.beatersOnly,
    sort: state.sort,
    dir: state.dir,
  };
}
