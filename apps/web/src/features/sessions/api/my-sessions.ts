// The signed-in account's live sessions, and ending one or every other: an agent's or a player's,
// so each call carries whichever session is signed in.
import { endMyOtherSessions, endMySession, getMySessions } from '@backline/contract/calls/sessions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall, sessionCredentials } from '@/lib/api-client';
import { useChange } from '@/lib/queries';

const credentials = () => sessionCredentials() ?? undefined;

export const mySessionsQueryOptions = () =>
  queryOptions({
    queryKey: ['sessions'],
    queryFn: ({ signal }) => apiCall(getMySessions, { signal, credentials: credentials() }),
  });

export const useMySessions = () => useQuery(mySessionsQueryOptions());

export const useEndMySession = () =>
  useChange(
    (IdSession: number) =>
      apiCall(endMySession, { body: { IdSession }, credentials: credentials() }),
    ['sessions'],
  );

export const useEndMyOtherSessions = () =>
  useChange(
    () => apiCall(endMyOtherSessions, { body: {}, credentials: credentials() }),
    ['sessions'],
  );
