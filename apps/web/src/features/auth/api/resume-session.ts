import { resumeSession as resumeSessionCall } from '@backline/contract/calls/auth';
import { apiCall } from '@/lib/api-client';
import { canKeepSession, useAgentStore } from '@/stores/agent-store';

/**
 * Before the first screen: in a frame whose browser blocks third-party storage, the session of a
 * log-in before the reload is asked of the server (it kept it in a partitioned cookie). Anywhere
 * else sessionStorage has it and nothing is sent. A failure leaves the visitor signed out.
 */
export async function resumeSession(): Promise<void> {
  if (canKeepSession()) return;
  try {
    const { Session } = await apiCall(resumeSessionCall, { body: {} });
    if (!Session) return;
    const store = useAgentStore.getState();
    store.resume(Session);
    if (!store.languageFromEmbedder && Session.Language !== store.language) {
      store.setLanguage(Session.Language);
    }
  } catch (error) {
    console.error('The kept session could not be resumed', error);
  }
}
