import { getPlayerAnalysis } from '@backline/contract/calls/player-analysis';
import { useQuery } from '@tanstack/react-query';
import { endpointQueryOptions } from '@/lib/queries';

/** A player's analysis; a grade, regrade or void the feed reports reads it again (live-figures). */
export const playerAnalysisQueryOptions = (idPlayer: number) =>
  endpointQueryOptions(['player-analysis', idPlayer], getPlayerAnalysis, { body: { idPlayer } });

export const usePlayerAnalysis = (idPlayer: number) =>
  useQuery(playerAnalysisQueryOptions(idPlayer));
