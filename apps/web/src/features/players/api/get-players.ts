import type { ParsedBodyOf } from '@backline/contract/core/endpoint';
import { getPlayers } from '@backline/contract/reports/players';
import { endpointQueryOptions, useReportQuery } from '@/lib/queries';

/** What the list asks for, every field given but the search. */
export type PlayersFilters = Omit<ParsedBodyOf<typeof getPlayers>, 'idAgent'> & { idAgent: number };

export const playersQueryOptions = (filters: PlayersFilters) =>
  endpointQueryOptions(['players', filters], getPlayers, { body: filters });

export const usePlayers = (filters: PlayersFilters) => useReportQuery(playersQueryOptions(filters));
