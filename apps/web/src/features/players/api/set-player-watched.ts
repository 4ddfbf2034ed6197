import type { BodyOf } from '@backline/contract/core/endpoint';
import { setPlayerWatched } from '@backline/contract/reports/players';
import { apiCall } from '@/lib/api-client';
import { useChange } from '@/lib/queries';

/** On or off the watch list: every players list shows it at once. */
export const useSetPlayerWatched = () =>
  useChange(
    (input: BodyOf<typeof setPlayerWatched>) => apiCall(setPlayerWatched, { body: input }),
    ['players'],
  );
