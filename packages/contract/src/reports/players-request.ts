// What the players list asks for: kept apart from its answer, since the export path (loaded by every
// report screen) needs only the request.
import { z } from 'zod';
import { defaulted, optional, OptionalId, WholeNumber } from '../core/endpoint.ts';
import { oneOf } from '../core/enums.ts';
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
  filter: defaulted(oneOf(PLAYER_FILTERS), 'all'),
  page: PageNumber,
  pageSize: defaulted(WholeNumber('must be a number', 1, 500), 50),
  sort: defaulted(oneOf(PLAYER_SORTS), 'player'),
  dir: sortDir('asc'),
});
