import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface ConfirmStepProps {
  title: string;
  /** The save button's words while nothing is pending ("Post $12.50", "Save"). */
  saveLabel: string;
  pending: boolean;
  onConfirm: () => void;
  onEdit: () => void;
  /** The panel's and the buttons' classes, the form's own layout. */
  className: string;
  actionsClassName: string;
  titleClassName?: string;
  /** What will be saved, as the reader should check it. */
  children: ReactNode;
}

/**
 * The confirm step of a form that saves something that matters (money, a deal, alert thresholds):
 * what will be saved, then Save and Change. The step's title takes the focus, so it is read first
 * and a held or repeated Enter from the form's submit cannot press Save; Save sits lower than the
 * form's submit was, so a double click cannot land on it either. Change goes back to the form.
 */
export function ConfirmStep(props: ConfirmStepProps) {
  const { title, saveLabel, pending, onConfirm, onEdit, children } = props;
  const { t } = useTranslation();
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className={props.className} role="group" aria-labelledby={`${id}-title`}>
      <h3 ref={heading} id={`${id}-title`} className={props.titleClassName} tabIndex={-1}>
        {title}
      </h3>
      {children}
      <div className={props.actionsClassName}>
        <button
          type="button"
          className="button button--primary"
          disabled={pending}
          onClick={onConfirm}
        >
          {pending ? t('payments.saving') : saveLabel}
        </button>
        <button type="button" className="button" disabled={pending} onClick={onEdit}>
          {t('payments.confirm.edit')}
        </button>
      </div>
    </div>
  );
}
