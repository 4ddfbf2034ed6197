// The unseen count shown by the bell: pushed by the stream, corrected by every mark answer.
import { create } from 'zustand';

interface UnseenState {
  unseen: number | null;
  setUnseen: (unseen: number | null) => void;
}

export const useUnseenStore = create<UnseenState>()((set) => ({
  unseen: null,
  setUnseen: (unseen) => set({ unseen }),
}));

export const notificationsKey = ['notifications'] as const;
