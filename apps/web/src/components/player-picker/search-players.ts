import { playerStanding, type PlayerStandingRow } from '@backline/contract/endpoints/money-reports';
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
    // Under player-standing: a payment or a live event that moves balances refreshes the matches'.
    queryKey: ['player-standing', 'search', search],
    queryFn: ({ signal }) => searchPlayers(search, signal),
    staleTime: 30_000,
  });
}

/** The one player search of the app (pickers, the wager center's player filter); '' asks nothing. */
export function useSearchPlayers(search: string) {
  return useQuery({
    ...searchPlayersQueryOptions(search),
    enabled: search.length > 0,
    placeholderData: keepPreviousData,
  });
}
