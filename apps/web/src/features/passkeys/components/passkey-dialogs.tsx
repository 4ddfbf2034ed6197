// The confirmations of the passkeys panel: a new name for a passkey, and its removal.
import type { Passkey } from '@backline/contract/calls/passkeys';
import { useState, type FormEvent } from 'react';
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
  const submit = (e: FormEvent) => {
    e.preventDefault();
    rename.mutate({ IdPasskey: item.IdPasskey, Name: name.trim() }, { onSuccess: onClose });
  };
  return (
    <Dialog title={t('passkeys.renameTitle', { name: item.Name })} onClose={onClose}>
      <form className="passkeys__dialog" onSubmit={submit}>
        <TextField
          label={t('passkeys.name')}
          value={name}
          maxLength={NAME_MAX}
          required
          onChange={(e) => setName(e.target.value)}
        />
        <ErrorAlert error={rename.error} />
        <div className="passkeys__actions">
          <button type="button" className="button" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button
            type="submit"
            className="button button--primary"
            disabled={rename.isPending || name.trim() === ''}
          >
            {t('passkeys.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

export function RemoveDialog({ item, onClose }: { item: Passkey; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useRemovePasskey();
  const [password, setPassword] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    remove.mutate(
      { IdPasskey: item.IdPasskey, Password: password },
      {
        onSuccess: () => {
          onClose();
          toast.success(t('passkeys.removedToast', { name: item.Name }));
        },
      },
    );
  };
  return (
    <Dialog title={t('passkeys.removeTitle', { name: item.Name })} onClose={onClose}>
      <form className="passkeys__dialog" onSubmit={submit}>
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
        <ErrorAlert error={remove.error} />
        <div className="passkeys__actions">
          <button type="button" className="button" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button
            type="submit"
            className="button button--danger"
            disabled={remove.isPending || password === ''}
          >
            {t('passkeys.remove')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
