import type { ResponseOf } from '@backline/contract/core/endpoint';
import { getWagerGameScore } from '@backline/contract/reports/wagers';
import { useQuery } from '@tanstack/react-query';
import { endpointQueryOptions } from '@/lib/queries';

export type WagerGameScore = ResponseOf<typeof getWagerGameScore>;

export const wagerGameScoreQueryOptions = (idWager: number) =>
  endpointQueryOptions(
    ['wagers', 'game-score', idWager],
    getWagerGameScore,
    { query: { idWager } },
    // A 403 or 404 is the answer, not a hiccup: asking again would only delay the message.
    { retry: false },
  );

export function useWagerGameScore(idWager: number | null) {
  return useQuery({ ...wagerGameScoreQueryOptions(idWager ?? 0), enabled: idWager !== null });
}
