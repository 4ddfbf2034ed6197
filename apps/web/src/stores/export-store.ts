// The exports made in this session, newest first, for the export center's list. They live in
// sessionStorage beside the session entry and go when the session does.
import type { ExportRequest } from '@backline/contract/calls/export';
import { create } from 'zustand';
import { tabStorage, useAgentStore } from './agent-store';

const KEY = 'backline.exports';
const KEPT = 20;

export interface RecentExport {
  id: string;
  request: ExportRequest;
  /** Data rows the file holds. */
  rows: number;
  /** When it was made, ISO 8601. */
  at: string;
  /** Whose session made it, so another agent signing in on this tab never sees it. */
  owner: string;
}

interface ExportState {
  recent: RecentExport[];
  add: (entry: Omit<RecentExport, 'id' | 'owner'>) => void;
  clear: () => void;
}

function ownerNow(): string {
  const session = useAgentStore.getState().session;
  return session ? `${session.SiteId}|${session.UserEmail}` : '';
}

function read(): RecentExport[] {
  try {
    const parsed: unknown = JSON.parse(tabStorage()?.getItem(KEY) ?? '[]');
    const owner = ownerNow();
    // Entries of an earlier version (a file name, no row count) are left out.
    return Array.isArray(parsed)
      ? (parsed as RecentExport[]).filter(
          (e) => owner && e?.owner === owner && typeof e.rows === 'number',
        )
      : [];
  } catch {
    return [];
  }
}

function write(recent: RecentExport[]): void {
  try {
    if (recent.length) tabStorage()?.setItem(KEY, JSON.stringify(recent));
    else tabStorage()?.removeItem(KEY);
  } catch {
    // A full or blocked storage keeps the list in memory only.
  }
}

let nextId = Date.now();

export const useExportStore = create<ExportState>()((set) => ({
  recent: read(),
  add: (entry) =>
    set((s) => {
      const recent = [{ ...entry, id: String(nextId++), owner: ownerNow() }, ...s.recent].slice(
        0,
        KEPT,
      );
      write(recent);
      return { recent };
    }),
  clear: () => {
    write([]);
    set({ recent: [] });
  },
}));

// Signing out (or an error screen discarding the session) discards the list with it.
useAgentStore.subscribe((state, previous) => {
  if (previous.session && !state.session) useExportStore.getState().clear();
});
