import { logout } from '@backline/contract/calls/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { UnauthorizedError, apiCall, sessionCredentials } from '@/lib/api-client';
import { useAgentStore } from '@/stores/agent-store';

/** Ends the session on the server, then forgets it here whatever the server answered. */
export async function logOut(): Promise<void> {
  const { beginBusy, reset } = useAgentStore.getState();
  const endBusy = beginBusy();
  try {
    // A player's session (ChangePassword) ends the same way as an agent's.
    await apiCall(logout, { body: {}, credentials: sessionCredentials() ?? undefined });
  } catch (error) {
    // A session the server already dropped is exactly the outcome asked for.
    if (!(error instanceof UnauthorizedError)) throw error;
  } finally {
    reset();
    endBusy();
  }
}

export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      await logOut();
    } finally {
      queryClient.clear();
    }
  }, [queryClient]);
}
