import type { BodyOf } from '@backline/contract/core/endpoint';
import {
  login,
  setPasswordByLink,
  type LoginAnswer,
  type LoginResponse,
  type SecondStepNeeded,
} from '@backline/contract/calls/auth';
import { useMutation } from '@tanstack/react-query';
import { agentCredentials, apiCall } from '@/lib/api-client';
import {
  canKeepSession,
  useAgentStore,
  type AgentSession,
  type PlayerSession,
} from '@/stores/agent-store';
import { deviceId } from '../device-id';
import { getAgentProfile } from './get-agent-profile';

export type LoginInput = Omit<BodyOf<typeof login>, 'Device' | 'KeepInCookie'>;
export type SecondStep = SecondStepNeeded['SecondStep'];
/** Who signed in, or the second step an agent still owes (no session yet). */
export type LoginOutcome = 'agent' | 'player' | { secondStep: SecondStep };

/**
 * Logs in and, for an agent, fetches its profile before storing anything, so the app never sees
 * a session without its agent.
 */
export function logIn(input: LoginInput): Promise<LoginOutcome> {
  // Where the browser keeps no storage for this frame, the server keeps the session for reloads.
  return signIn((KeepInCookie) =>
    apiCall(login, { body: { ...input, Device: deviceId(), ...KeepInCookie } }),
  );
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
  open: (keep: { KeepInCookie?: true }) => Promise<LoginAnswer>,
): Promise<LoginOutcome> {
  const endBusy = useAgentStore.getState().beginBusy();
  try {
    const answer = await open(canKeepSession() ? {} : { KeepInCookie: true });
    if ('SecondStep' in answer) return { secondStep: answer.SecondStep };
    return await storeSession(answer);
  } finally {
    endBusy();
  }
}

/** Keeps a new session: a player's as it is; an agent's with its profile, fetched first. */
async function storeSession(session: LoginResponse): Promise<'agent' | 'player'> {
  const store = useAgentStore.getState();
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
}

/** A session the second step opened (a code, a recovery code, a passkey): kept as a log-in's. */
export async function finishSignIn(session: LoginResponse): Promise<void> {
  const endBusy = useAgentStore.getState().beginBusy();
  try {
    await storeSession(session);
  } finally {
    endBusy();
  }
}

export function useLogin(onSuccess: (outcome: LoginOutcome, input: LoginInput) => void) {
  return useMutation({ mutationFn: logIn, onSuccess });
}

export function useSetPasswordByLink(onSuccess: (outcome: LoginOutcome) => void) {
  return useMutation({ mutationFn: setPasswordAndSignIn, onSuccess });
}
