// Beat the line's filters live in the URL, each parsed with the contract's own schema.
import { PeriodFields } from '@backline/contract/endpoints/common';
import { Sport } from '@backline/contract/enums';
import { IsoDate } from '@backline/contract/periods';
import type { z } from 'zod';
import type { BeatTheLineFilters } from '../api/get-beat-the-line';
import { PLAYER_SORTS, type PlayerSort } from './players';

export interface BeatTheLineState {
  filters: BeatTheLineFilters;
  sort: PlayerSort;
  dir: 'asc' | 'desc';
}

function pick<S extends z.ZodType>(schema: S, params: URLSearchParams, name: string) {
  const raw = params.get(name);
  if (raw === null || raw === '') return undefined;
  const parsed = schema.safeParse(raw);
  return parsed.success ? (parsed.data as z.output<S>) : undefined;
}

export function parseBeatTheLine(
  params: URLSearchParams,
  agentIds: ReadonlySet<number>,
  defaultRange: { startDate: string; endDate: string },
): BeatTheLineState {
  const idAgent = pick(PeriodFields.shape.idAgent, params, 'idAgent');
  const startDate = pick(IsoDate, params, 'startDate');
  const endDate = pick(IsoDate, params, 'endDate');
  const range =
    startDate && endDate && startDate <= endDate ? { startDate, endDate } : defaultRange;
  const sortParam = params.get('sort');
  return {
    filters: {
      ...range,
      idAgent: idAgent !== undefined && agentIds.has(idAgent) ? idAgent : undefined,
      sport: pick(Sport, params, 'sport'),
      beatersOnly: params.get('beatersOnly') === 'true' ? true : undefined,
    },
    sort: PLAYER_SORTS.find((s) => s === sortParam) ?? 'score',
    dir: params.get('dir') === 'asc' ? 'asc' : 'desc',
  };
}

export function toSearchParams(
  state: BeatTheLineState,
  defaultRange: { startDate: string; endDate: string },
): URLSearchParams {
  const out = new URLSearchParams();
  const f = state.filters;
  if (f.startDate !== defaultRange.startDate || f.endDate !== defaultRange.endDate) {
    out.set('startDate', f.startDate);
    out.set('endDate', f.endDate);
  }
  if (f.idAgent !== undefined) out.set('idAgent', String(f.idAgent));
  if (f.sport) out.set('sport', f.sport);
  if (f.beatersOnly) out.set('beatersOnly', 'true');
  if (state.sort !== 'score') out.set('sort', state.sort);
  if (state.dir !== 'desc') out.set('dir', state.dir);
  return out;
}
