// When the session ends unless it is used: every answer to a signed call says how many seconds it
// has left (SESSION_EXPIRES_HEADER), measured here on the browser's own clock, which need not read
// what the server's does. The idle warning reads it; the person's own activity is noted beside it.
import { useSyncExternalStore } from 'react';

interface IdleState {
  /** Date.now() at which the server ends the session unless it is used again; null: not known. */
  deadline: number | null;
  /** Date.now() of the answer that set the deadline. */
  notedAt: number;
  /** Date.now() of the last key, pointer or input of the person here. */
  activeAt: number;
  /** The session ended while a screen was open: the screen is kept until the agent signs in again. */
  held: boolean;
}

let state: IdleState = { deadline: null, notedAt: 0, activeAt: 0, held: false };
const listeners = new Set<() => void>();

function update(next: Partial<IdleState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A signed answer said the session has `seconds` left. */
export function noteSessionExpiry(seconds: number): void {
  if (!Number.isFinite(seconds) || seconds < 0) return;
  const now = Date.now();
  update({ deadline: now + seconds * 1000, notedAt: now });
}

/** The person pressed a key, clicked or typed: they are here, even if no call went out. */
export function noteActivity(): void {
  state.activeAt = Date.now();
}

/** Whether the person did anything since the server last saw the session. */
export function activeSinceLastCall(): boolean {
  return state.activeAt > state.notedAt;
}

/** The session ended with a screen open: a refused call then must not take the screen away. */
export function holdExpiredSession(held: boolean): void {
  update({ held, ...(held ? { deadline: null } : {}) });
}

export function isExpiredSessionHeld(): boolean {
  return state.held;
}

export function useSessionIdle(): Readonly<IdleState> {
  return useSyncExternalStore(subscribe, () => state);
}
