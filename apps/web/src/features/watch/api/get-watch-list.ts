import { getWatchList } from '@backline/contract/calls/watch-list';
import { endpointQueryOptions, useReportQuery } from '@/lib/queries';

/** The watched players of the agent's view; a player watched or unwatched anywhere refreshes it. */
export const useWatchList = (idAgent: number) =>
  useReportQuery(
    endpointQueryOptions(['players', 'watch', idAgent], getWatchList, { body: { idAgent } }),
  );
