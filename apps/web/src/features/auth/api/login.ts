import type { BodyOf } from '@backline/contract/core/endpoint';
import { login, setPasswordByLink, type LoginResponse } from '@backline/contract/calls/auth';
import { useMutation } from '@tanstack/react-query';
import { agentCredentials, apiCall } from '@/lib/api-client';
import {
  canKeepSession,
  useAgentStore,
  type AgentSession,
  type PlayerSession,
} from '@/stores/agent-store';
import { getAgentProfile } from './get-agent-profile';

export type LoginInput = BodyOf<typeof login>;
export type LoginOutcome = 'agent' | 'player';

/**
 * Logs in and, for an agent, fetches its profile before storing anything, so the app never sees
 * a session without its agent.
 */
export function logIn(input: LoginInput): Promise<LoginOutcome> {
  // Where the browser keeps no storage for this frame, the server keeps the session for reloads.
  return signIn((KeepInCookie) => apiCall(login, { body: { ...input, ...KeepInCookie } }));
}

export type SetPasswordByLinkInput = Omit<BodyOf<typeof setPasswordByLink>, 'KeepInCookie'>;

/** An e-mailed access link's token sets the password (no second code) and signs the account in. */
export function setPasswordAndSignIn(input: SetPasswordByLinkInput): Promise<LoginOutcome> {
  return signIn((KeepInCookie) =>
    apiCall(setPasswordByLink, { body: { ...input, ...KeepInCookie } }),
  );
}

/** Opens a session by `open` (asked to keep it in a cookie where the browser keeps no storage). */
async function signIn(
  open: (keep: { KeepInCookie?: true }) => Promise<LoginResponse>,
): Promise<LoginOutcome> {
  const store = useAgentStore.getState();
  const endBusy = store.beginBusy();
  try {
    const session = await open(canKeepSession() ? {} : { KeepInCookie: true });
    if (session.Kind === 'player') {
      // A player's one screen is ChangePassword; the router keeps it from every other.
      store.signInPlayer(session as PlayerSession);
      return 'player';
    }
    const agentSession = session as AgentSession;
    const credentials = agentCredentials(agentSession, 0) ?? undefined;
    const { profile, subAgents } = await getAgentProfile({ credentials });
    store.signIn(agentSession, profile, subAgents);
    // The language remembered on the server, unless the embedding site has already said otherwise.
    const { languageFromEmbedder, language, setLanguage } = useAgentStore.getState();
    if (!languageFromEmbedder && profile.Agent.Language !== language) {
      setLanguage(profile.Agent.Language);
    }
    return 'agent';
  } finally {
    endBusy();
  }
}

export function useLogin(onSuccess: (outcome: LoginOutcome) => void) {
  return useMutation({ mutationFn: logIn, onSuccess });
}

export function useSetPasswordByLink(onSuccess: (outcome: LoginOutcome) => void) {
  return useMutation({ mutationFn: setPasswordAndSignIn, onSuccess });
}
