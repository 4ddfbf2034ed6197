// The agent state of SPEC.md §3 in one small store; the session entry survives reloads inside the
// frame through sessionStorage, the rest is fetched again from the server.
import type { ResponseOf } from '@backline/contract/endpoint';
import {
  LoginResponse,
  type AgentLoginResponse,
  type AgentSummary,
} from '@backline/contract/endpoints/auth';
import type { getAgentPayment } from '@backline/contract/endpoints/money-reports';
import { DEFAULT_LANGUAGE, Language, type Right } from '@backline/contract/enums';
import { create } from 'zustand';

export const SESSION_KEY = 'backline.session';
/** A player's session (frames log-in): it reaches ChangePassword and nothing else. */
export const PLAYER_SESSION_KEY = 'backline.playerSession';
const LANGUAGE_KEY = 'backline.language';

export type AgentSession = LoginResponse & { Kind: 'agent' };
export type PlayerSession = LoginResponse & { Kind: 'player' };
export type AgentProfile = AgentLoginResponse;
export type AgentPayments = ResponseOf<typeof getAgentPayment>;

interface AgentState {
  session: AgentSession | null;
  player: PlayerSession | null;
  agent: AgentProfile['Agent'] | null;
  self: AgentProfile['Self'] | null;
  site: AgentProfile['Site'] | null;
  products: AgentProfile['Products'];
  rights: Right[];
  subAgents: AgentSummary[];
  agentPayments: AgentPayments | null;
  language: Language;
  busy: boolean;
  signIn: (session: AgentSession, profile: AgentProfile, subAgents: AgentSummary[]) => void;
  signInPlayer: (session: PlayerSession) => void;
  setProfile: (profile: AgentProfile, subAgents: AgentSummary[]) => void;
  setAgentPayments: (payments: AgentPayments | null) => void;
  setLanguage: (language: Language) => void;
  beginBusy: () => () => void;
  reset: () => void;
}

function storage(): Storage | null {
  // Sandboxed frames without allow-same-origin throw on access; the app then lives in memory only.
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

function readSession<K extends 'agent' | 'player'>(
  key: string,
  kind: K,
): (LoginResponse & { Kind: K }) | null {
  const raw = storage()?.getItem(key);
  if (!raw) return null;
  try {
    const parsed = LoginResponse.safeParse(JSON.parse(raw));
    return parsed.success && parsed.data.Kind === kind
      ? (parsed.data as LoginResponse & { Kind: K })
      : null;
  } catch {
    return null;
  }
}

function readLanguage(): Language {
  const parsed = Language.safeParse(storage()?.getItem(LANGUAGE_KEY));
  return parsed.success ? parsed.data : DEFAULT_LANGUAGE;
}

const signedOut = {
  session: null,
  player: null,
  agent: null,
  self: null,
  site: null,
  products: [],
  rights: [],
  subAgents: [],
  agentPayments: null,
} satisfies Partial<AgentState>;

function profileState(profile: AgentProfile, subAgents: AgentSummary[]) {
  return {
    agent: profile.Agent,
    self: profile.Self,
    site: profile.Site,
    products: profile.Products,
    rights: profile.Rights,
    subAgents,
  };
}

// Overlapping busy tasks (a login followed by the profile fetch) keep the overlay up until the last ends.
let busyCount = 0;

export const useAgentStore = create<AgentState>()((set) => ({
  ...signedOut,
  session: readSession(SESSION_KEY, 'agent'),
  player: readSession(PLAYER_SESSION_KEY, 'player'),
  language: readLanguage(),
  busy: false,
  signIn: (session, profile, subAgents) => {
    storage()?.setItem(SESSION_KEY, JSON.stringify(session));
    set({ ...signedOut, session, ...profileState(profile, subAgents) });
  },
  signInPlayer: (player) => {
    storage()?.setItem(PLAYER_SESSION_KEY, JSON.stringify(player));
    set({ ...signedOut, player });
  },
  setProfile: (profile, subAgents) => set(profileState(profile, subAgents)),
  setAgentPayments: (agentPayments) => set({ agentPayments }),
  setLanguage: (language) => {
    storage()?.setItem(LANGUAGE_KEY, language);
    set({ language });
  },
  beginBusy: () => {
    busyCount += 1;
    set({ busy: true });
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      busyCount -= 1;
      if (busyCount === 0) set({ busy: false });
    };
  },
  reset: () => {
    storage()?.removeItem(SESSION_KEY);
    storage()?.removeItem(PLAYER_SESSION_KEY);
    set(signedOut);
  },
}));
