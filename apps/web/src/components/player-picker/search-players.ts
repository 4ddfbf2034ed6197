// The one player search of the web: every screen that finds a player of the subtree by login or name
// (the money entries, player history, the export center, passwords, the wager filter) asks here, so
// one query key and one cache hold the answers. It reads PlayerStanding's search, whose rows carry
// what the pickers show (the agent, the balance in the player's currency).
import { playerStanding, type PlayerStandingRow } from '@backline/contract/reports/player-standing';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/** Players of the caller's subtree whose login or name holds the text, by login. */
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

/** Searches once `search` is not empty; while the next answer loads, the last one stays. */
export function useSearchPlayers(search: string) {
  return useQuery({
    ...searchPlayersQueryOptions(search),
    enabled: search.length > 0,
    placeholderData: keepPreviousData,
  });
}
