import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '@/lib/errors';
import './states.css';

export function EmptyState({ message }: { message: string }) {
  return (
    <div className="state state--empty" role="status">
      <p>{message}</p>
    </div>
  );
}

/** A wait that has no table to sketch (a dialog, a form): a spinner and what is loading. */
export function BusyStatus({ message }: { message: string }) {
  return (
    <p className="dialog__status" role="status">
      <span className="spinner" aria-hidden="true" />
      {message}
    </p>
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

/** An action's refusal (a mutation's error, or a message already worded); nothing while none. */
export function ErrorAlert({ error, className }: { error: unknown; className?: string }) {
  const errorMessage = useErrorMessage();
  if (error === null || error === undefined || error === '') return null;
  return (
    <p
      className={className ? `alert alert--error ${className}` : 'alert alert--error'}
      role="alert"
    >
      {typeof error === 'string' ? error : errorMessage(error)}
    </p>
  );
}
