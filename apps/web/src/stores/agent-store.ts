// The agent state of SPEC.md §3 in one small store; the session entry survives reloads inside the
// frame through sessionStorage, the rest is fetched again from the server.
import type { ResponseOf } from '@backline/contract/core/endpoint';
import {
  LoginResponse,
  type AgentLoginResponse,
  type AgentSummary,
} from '@backline/contract/calls/auth';
import type { getAgentPayment } from '@backline/contract/reports/agent-payments';
import { DEFAULT_LANGUAGE, Language, type Right } from '@backline/contract/core/enums';
import { create } from 'zustand';
import { STORAGE_KEYS } from '@/config/storage-keys';

export const SESSION_KEY = STORAGE_KEYS.session;
/** A player's session (frames log-in): it reaches ChangePassword and Sessions, nothing else. */
export const PLAYER_SESSION_KEY = STORAGE_KEYS.playerSession;
const LANGUAGE_KEY = STORAGE_KEYS.language;

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
  /** The sub-agent whose view every screen shows (its numeric id in the Token), 0 for self. */
  actAs: number;
  language: Language;
  /** The embedding site chose the language while the frame is open; log-in then keeps it. */
  languageFromEmbedder: boolean;
  busy: boolean;
  signIn: (session: AgentSession, profile: AgentProfile, subAgents: AgentSummary[]) => void;
  signInPlayer: (session: PlayerSession) => void;
  /** A session the server kept (no storage here): the agent's profile is fetched after it. */
  resume: (session: LoginResponse) => void;
  setProfile: (profile: AgentProfile, subAgents: AgentSummary[]) => void;
  /** The subtree read again after an agent was added to it (every agent selector lists it). */
  setSubAgents: (subAgents: AgentSummary[]) => void;
  setAgentPayments: (payments: AgentPayments | null) => void;
  /** Switches the view agent; the profile passed is AgentProductsV2/Login fetched as that agent. */
  setActAs: (actAs: number, profile: AgentProfile, subAgents: AgentSummary[]) => void;
  setLanguage: (language: Language, fromEmbedder?: boolean) => void;
  beginBusy: () => () => void;
  reset: () => void;
}

/** The tab's sessionStorage, or null where the frame may not use it. */
export function tabStorage(): Storage | null {
  // Sandboxed frames without allow-same-origin, and cross-site frames where the browser blocks
  // third-party storage, throw on access; the session then rides in a partitioned cookie instead.
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** Whether a reload can find the session here; if not, log-in asks the server to keep it. */
export function canKeepSession(): boolean {
  return tabStorage() !== null;
}

function readSession<K extends 'agent' | 'player'>(
  key: string,
  kind: K,
): (LoginResponse & { Kind: K }) | null {
  const raw = tabStorage()?.getItem(key);
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

// The acted-for agent rides along in the session entry so a reload inside the frame keeps the view.
function readActAs(): number {
  try {
    const value: unknown = JSON.parse(tabStorage()?.getItem(SESSION_KEY) ?? 'null')?.ActAs;
    return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : 0;
  } catch {
    return 0;
  }
}

function writeSession(session: AgentSession, actAs: number): void {
  tabStorage()?.setItem(SESSION_KEY, JSON.stringify({ ...session, ActAs: actAs }));
}

function readLanguage(): Language {
  const parsed = Language.safeParse(tabStorage()?.getItem(LANGUAGE_KEY));
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
  actAs: 0,
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
  actAs: readActAs(),
  language: readLanguage(),
  languageFromEmbedder: false,
  busy: false,
  signIn: (session, profile, subAgents) => {
    writeSession(session, 0);
    set({ ...signedOut, session, ...profileState(profile, subAgents) });
  },
  signInPlayer: (player) => {
    tabStorage()?.setItem(PLAYER_SESSION_KEY, JSON.stringify(player));
    set({ ...signedOut, player });
  },
  resume: (session) =>
    set({
      ...signedOut,
      ...(session.Kind === 'agent'
        ? { session: session as AgentSession }
        : { player: session as PlayerSession }),
    }),
  setProfile: (profile, subAgents) => set(profileState(profile, subAgents)),
  setSubAgents: (subAgents) => set({ subAgents }),
  setAgentPayments: (agentPayments) => set({ agentPayments }),
  setActAs: (actAs, profile, subAgents) =>
    set((state) => {
      if (state.session) writeSession(state.session, actAs);
      return { actAs, agentPayments: null, ...profileState(profile, subAgents) };
    }),
  setLanguage: (language, fromEmbedder = false) => {
    tabStorage()?.setItem(LANGUAGE_KEY, language);
    set((state) => ({
      language,
      languageFromEmbedder: state.languageFromEmbedder || fromEmbedder,
    }));
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
    tabStorage()?.removeItem(SESSION_KEY);
    tabStorage()?.removeItem(PLAYER_SESSION_KEY);
    set(signedOut);
  },
}));
