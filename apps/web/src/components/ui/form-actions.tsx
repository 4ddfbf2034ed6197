// A form's closing row as most forms write it: what went wrong on the last try, then the submit
// button and a cancel button after it.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from './states';

interface FormActionsProps {
  /** The form's class: the row is `${block}__actions`, the error spans `${block}__wide`. */
  block: string;
  /** The last try's error, said above the row (a form that says it elsewhere leaves it out). */
  error?: unknown;
  submitLabel: ReactNode;
  /** While the submission runs: the submit button is disabled. */
  pending?: boolean;
  /** The cancel button's words (`common.cancel` unless given). */
  cancelLabel?: ReactNode;
  onCancel: () => void;
}

export function FormActions(props: FormActionsProps) {
  const { block, error, submitLabel, pending, cancelLabel, onCancel } = props;
  const { t } = useTranslation();
  return (
    <>
      <ErrorAlert error={error} className={`${block}__wide`} />
      <div className={`${block}__actions`}>
        <button type="submit" className="button button--primary" disabled={pending}>
          {submitLabel}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          {cancelLabel ?? t('common.cancel')}
        </button>
      </div>
    </>
  );
}
