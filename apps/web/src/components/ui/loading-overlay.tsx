import { useTranslation } from 'react-i18next';
import { useAgentStore } from '@/stores/agent-store';
import './loading-overlay.css';

/** The root's full-screen overlay, bound to the shared busy flag (SPEC.md §2, §9). */
export function LoadingOverlay() {
  const { t } = useTranslation();
  const busy = useAgentStore((s) => s.busy);
  if (!busy) return null;
  return (
    <div className="loading-overlay" role="status" aria-live="polite">
      <div className="ripple" aria-hidden="true">
        <span />
        <span />
      </div>
      <p className="loading-overlay__text">{t('common.loading')}</p>
    </div>
  );
}
