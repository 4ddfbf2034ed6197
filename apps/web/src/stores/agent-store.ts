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
const LANGUAGE_KEY = 'backline.language';

export type AgentSession = LoginResponse & { Kind: 'agent' };
export type AgentProfile = AgentLoginResponse;
export type AgentPayments = ResponseOf<typeof getAgentPayment>;

interface AgentState {
  session: AgentSession | null;
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

function readSession(): AgentSession | null {
  const raw = storage()?.getItem(SESSION_KEY);
  if (!raw) return null;
  try {
    const parsed = LoginResponse.safeParse(JSON.parse(raw));
    return parsed.success && parsed.data.Kind === 'agent' ? (parsed.data as AgentSession) : null;
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
  session: readSession(),
  language: readLanguage(),
  busy: false,
  signIn: (session, profile, subAgents) => {
    storage()?.setItem(SESSION_KEY, JSON.stringify(session));
    set({ ...signedOut, session, ...profileState(profile, subAgents) });
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
    set(signedOut);
  },
}));
