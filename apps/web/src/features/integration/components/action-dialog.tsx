// One shape for the screen's confirmations (rotate a key, revoke it, change the webhook secret):
// what will happen, any choice it takes, the refusal if one came, then Cancel or the action.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import { ErrorAlert } from '@/components/ui/states';

interface ActionDialogProps {
  title: string;
  intro: string;
  /** The choice the action takes (an overlap), if any. */
  children?: ReactNode;
  action: string;
  danger?: boolean;
  pending: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
}

export function ActionDialog(props: ActionDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog title={props.title} onClose={props.onClose} className="integration__dialog">
      <p>{props.intro}</p>
      {props.children}
      <ErrorAlert error={props.error} />
      <div className="integration__actions">
        <button type="button" className="button" onClick={props.onClose}>
          {t('common.cancel')}
        </button>
        <button
          type="button"
          className={`button ${props.danger ? 'button--danger' : 'button--primary'}`}
          disabled={props.pending}
          onClick={props.onConfirm}
        >
          {props.action}
        </button>
      </div>
    </Dialog>
  );
}
