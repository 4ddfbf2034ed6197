// Toasts are raised from anywhere (mutations, session handling) and shown by one <Toasts/> at the root.
import { create } from 'zustand';

export type ToastKind = 'error' | 'success' | 'info';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  /** Toasts of one group are one toast: a new message replaces the one showing. */
  group?: string;
}

interface ToastState {
  toasts: Toast[];
  push: (kind: ToastKind, message: string, group?: string) => void;
  dismiss: (id: number) => void;
}

let nextId = 1;

export const useToastStore = create<ToastState>()((set) => ({
  toasts: [],
  push: (kind, message, group) =>
    set((s) => {
      const shown = group === undefined ? undefined : s.toasts.find((t) => t.group === group);
      if (shown) {
        return { toasts: s.toasts.map((t) => (t === shown ? { ...t, kind, message } : t)) };
      }
      return {
        toasts: [...s.toasts, { id: nextId++, kind, message, ...(group ? { group } : {}) }],
      };
    }),
  dismiss: (id) => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })),
}));

export const toast = {
  error: (message: string) => useToastStore.getState().push('error', message),
  success: (message: string) => useToastStore.getState().push('success', message),
  info: (message: string) => useToastStore.getState().push('info', message),
  /** One toast for the group, its message replaced while it shows. */
  grouped: (group: string, message: string) =>
    useToastStore.getState().push('info', message, group),
};
