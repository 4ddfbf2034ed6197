// What the players list asks for: kept apart from its answer, since the export path (loaded by every
// report screen) needs only the request.
import { z } from 'zod';
import { defaulted, optional, OptionalId, WholeNumber } from '../core/endpoint.ts';
import { PageNumber, sortDir } from '../core/common.ts';

export const PLAYER_SORTS = [
  'player',
  'name',
  'agent',
  'balance',
  'creditLimit',
  'atRisk',
  'available',
  'thisWeek',
] as const;
export type PlayerSort = (typeof PLAYER_SORTS)[number];

/** Which players a list shows: all, or those a desk looks for first. */
export const PLAYER_FILTERS = [
  'all',
  'active',
  'suspended',
  'withBalance',
  'overLimit',
  'watched',
  'sharp',
] as const;
export type PlayerFilter = (typeof PLAYER_FILTERS)[number];

export const PlayersRequest = z.object({
  idAgent: OptionalId,
  search: optional(z.string().trim().max(64, 'is at most 64 characters')),
  filter: defaulted(
    z.enum(PLAYER_FILTERS, { error: `must be one of ${PLAYER_FILTERS.join(', ')}` }),
    'all',
  ),
  page: PageNumber,
  pageSize: defaulted(WholeNumber('must be a number', 1, 500), 50),
  sort: defaulted(
    z.enum(PLAYER_SORTS, { error: `must be one of ${PLAYER_SORTS.join(', ')}` }),
    'player',
  ),
  dir: sortDir('asc'),
});
