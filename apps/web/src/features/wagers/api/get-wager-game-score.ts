import type { ResponseOf } from '@backline/contract/core/endpoint';
import { getWagerGameScore as gameScoreEndpoint } from '@backline/contract/reports/wagers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

export type WagerGameScore = ResponseOf<typeof gameScoreEndpoint>;

export function getWagerGameScore(idWager: number, signal?: AbortSignal): Promise<WagerGameScore> {
  return apiCall(gameScoreEndpoint, { query: { idWager }, signal });
}

export function wagerGameScoreQueryOptions(idWager: number) {
  return queryOptions({
    queryKey: ['wagers', 'game-score', idWager],
    queryFn: ({ signal }) => getWagerGameScore(idWager, signal),
    // A 403 or 404 is the answer, not a hiccup: asking again would only delay the message.
    retry: false,
  });
}

export function useWagerGameScore(idWager: number | null) {
  return useQuery({ ...wagerGameScoreQueryOptions(idWager ?? 0), enabled: idWager !== null });
}
