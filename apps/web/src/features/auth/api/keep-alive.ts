import { keepAlive } from '@backline/contract/calls/session';
import { apiCall, sessionCredentials } from '@/lib/api-client';

/** Moves the session's idle expiry on; the answer's header tells the new one (session-idle.ts). */
export async function keepSessionAlive(): Promise<void> {
  await apiCall(keepAlive, { body: {}, credentials: sessionCredentials() ?? undefined });
}
