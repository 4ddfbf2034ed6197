import { playerStanding, type PlayerStandingRow } from '@backline/contract/reports/player-standing';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/** Players of the caller's subtree whose login or name holds the text (PlayerStanding's search). */
export async function searchPlayers(
  search: string,
  signal?: AbortSignal,
): Promise<PlayerStandingRow[]> {
  const report = await apiCall(playerStanding, { body: { search }, signal });
  return report.Rows;
}

export function searchPlayersQueryOptions(search: string) {
  return queryOptions({
    queryKey: ['player-standing', 'search', search],
    queryFn: ({ signal }) => searchPlayers(search, signal),
  });
}

export function useSearchPlayers(search: string) {
  return useQuery({
    ...searchPlayersQueryOptions(search),
    enabled: search.length > 0,
    placeholderData: keepPreviousData,
  });
}
