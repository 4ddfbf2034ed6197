import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToastStore, type Toast } from '@/stores/toast-store';
import './toasts.css';

// SPEC.md §9: shown 5000 ms, kept 1000 ms more after the pointer (or focus) leaves, 300 ms animation.
const DISPLAY_MS = 5000;
const EXTENDED_MS = 1000;
const ANIMATION_MS = 300;

function ToastItem({ toast }: { toast: Toast }) {
  const { t } = useTranslation();
  const dismiss = useToastStore((s) => s.dismiss);
  const [leaving, setLeaving] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  const schedule = (ms: number) => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setLeaving(true), ms);
  };
  const hold = () => window.clearTimeout(timer.current);

  useEffect(() => {
    timer.current = window.setTimeout(() => setLeaving(true), DISPLAY_MS);
    return () => window.clearTimeout(timer.current);
  }, []);

  useEffect(() => {
    if (!leaving) return;
    const id = window.setTimeout(() => dismiss(toast.id), ANIMATION_MS);
    return () => window.clearTimeout(id);
  }, [leaving, dismiss, toast.id]);

  return (
    <div
      className={`toast toast--${toast.kind}${leaving ? ' toast--leaving' : ''}`}
      role={toast.kind === 'error' ? 'alert' : 'status'}
      onMouseEnter={hold}
      onMouseLeave={() => schedule(EXTENDED_MS)}
      onFocus={hold}
      onBlur={() => schedule(EXTENDED_MS)}
    >
      <p className="toast__message">{toast.message}</p>
      <button
        type="button"
        className="toast__close"
        aria-label={t('common.dismiss')}
        onClick={() => setLeaving(true)}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

export function Toasts() {
  const toasts = useToastStore((s) => s.toasts);
  return (
    <div className="toasts">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </div>
  );
}
