// The confirmations of the passkeys panel: a new name for a passkey, and its removal.
import type { Passkey } from '@backline/contract/calls/passkeys';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import { ErrorAlert } from '@/components/ui/states';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/stores/toast-store';
import { useRemovePasskey, useRenamePasskey } from '../api/passkeys';

export const NAME_MAX = 64;

export function RenameDialog({ item, onClose }: { item: Passkey; onClose: () => void }) {
  const { t } = useTranslation();
  const rename = useRenamePasskey();
  const [name, setName] = useState(item.Name);
  return (
    <PasskeyDialog
      title={t('passkeys.renameTitle', { name: item.Name })}
      mutation={rename}
      ready={name.trim() !== ''}
      action={t('passkeys.save')}
      onSubmit={() =>
        rename.mutate({ IdPasskey: item.IdPasskey, Name: name.trim() }, { onSuccess: onClose })
      }
      onClose={onClose}
    >
      <TextField
        label={t('passkeys.name')}
        value={name}
        maxLength={NAME_MAX}
        required
        onChange={(e) => setName(e.target.value)}
      />
    </PasskeyDialog>
  );
}

export function RemoveDialog({ item, onClose }: { item: Passkey; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useRemovePasskey();
  const [password, setPassword] = useState('');
  const onSuccess = () => {
    onClose();
    toast.success(t('passkeys.removedToast', { name: item.Name }));
  };
  return (
    <PasskeyDialog
      title={t('passkeys.removeTitle', { name: item.Name })}
      mutation={remove}
      ready={password !== ''}
      action={t('passkeys.remove')}
      danger
      onSubmit={() =>
        remove.mutate({ IdPasskey: item.IdPasskey, Password: password }, { onSuccess })
      }
      onClose={onClose}
    >
      <p>{t('passkeys.removeIntro')}</p>
      <TextField
        label={t('passkeys.password')}
        type="password"
        autoComplete="current-password"
        value={password}
        maxLength={256}
        required
        onChange={(e) => setPassword(e.target.value)}
      />
    </PasskeyDialog>
  );
}

interface PasskeyDialogProps {
  title: string;
  /** What the dialog asks. */
  children: ReactNode;
  mutation: { isPending: boolean; error: unknown };
  /** Whether what it asks is filled in: the action waits for it. */
  ready: boolean;
  action: string;
  danger?: boolean;
  onSubmit: () => void;
  onClose: () => void;
}

/** One shape for both: what it asks, the refusal if one came, then Cancel or the action. */
function PasskeyDialog(props: PasskeyDialogProps) {
  const { mutation, onClose } = props;
  const { t } = useTranslation();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    props.onSubmit();
  };
  return (
    <Dialog title={props.title} onClose={onClose}>
      <form className="passkeys__dialog" onSubmit={submit}>
        {props.children}
        <ErrorAlert error={mutation.error} />
        <div className="passkeys__actions">
          <button type="button" className="button" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button
            type="submit"
            className={props.danger ? 'button button--danger' : 'button button--primary'}
            disabled={mutation.isPending || !props.ready}
          >
            {props.action}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
