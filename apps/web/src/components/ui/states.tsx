import { useTranslation } from 'react-i18next';
import './states.css';

export function EmptyState({ message }: { message: string }) {
  return (
    <div className="state state--empty" role="status">
      <p>{message}</p>
    </div>
  );
}

export function ErrorState({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="state state--error" role="alert">
      <p>{message}</p>
      <button type="button" className="button" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}
