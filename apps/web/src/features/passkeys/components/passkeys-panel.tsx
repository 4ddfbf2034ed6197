// The signed-in agent's passkeys on /Security: add one under a name (the browser makes it), rename
// or remove one. Where the browser or the embedding page does not allow passkeys, adding is replaced
// by the reason; the list stays, since renaming and removing need no authenticator.
import type { Passkey } from '@backline/contract/calls/passkeys';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ItemActions } from '@/components/ui/item-actions';
import { QueryList } from '@/components/ui/query-list';
import { ErrorAlert } from '@/components/ui/states';
import { TextField } from '@/components/ui/text-field';
import { formatDateTime, useLocale } from '@/lib/format';
import { useSiteTimeZone } from '@/lib/time-zone';
import { toast } from '@/stores/toast-store';
import { useAddPasskey, usePasskeys } from '../api/passkeys';
import { passkeySupport } from '../utils/support';
import { usePasskeyError } from '../utils/use-passkey-error';
import { NAME_MAX, RemoveDialog, RenameDialog } from './passkey-dialogs';
import './passkeys.css';

export function PasskeysPanel() {
  const { t } = useTranslation();
  const id = useId();
  const passkeys = usePasskeys();
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  return (
    <section className="passkeys" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('passkeys.title')}</h2>
      <p className="passkeys__intro">{t('passkeys.intro')}</p>
      <AddPasskey />
      <QueryList
        query={passkeys}
        items={(data) => data.Passkeys}
        pending="line"
        empty={t('passkeys.none')}
        className="passkeys__list"
        label={t('passkeys.title')}
      >
        {(p) => (
          <PasskeyItem
            key={p.IdPasskey}
            item={p}
            onRename={() => setRenaming(p)}
            onRemove={() => setRemoving(p)}
          />
        )}
      </QueryList>
      {renaming && <RenameDialog item={renaming} onClose={() => setRenaming(null)} />}
      {removing && <RemoveDialog item={removing} onClose={() => setRemoving(null)} />}
    </section>
  );
}

function AddPasskey() {
  const { t } = useTranslation();
  const add = useAddPasskey();
  const passkeyError = usePasskeyError();
  const [name, setName] = useState('');
  const support = passkeySupport('publickey-credentials-create');
  if (support !== 'ready') {
    return (
      <p className="alert alert--info" role="note">
        {t(support === 'unsupported' ? 'passkeys.unsupported' : 'passkeys.frameBlocked')}
      </p>
    );
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate(name.trim(), {
      onSuccess: (added) => {
        setName('');
        toast.success(t('passkeys.addedToast', { name: added.Name }));
      },
    });
  };
  return (
    <>
      <form className="passkeys__add" onSubmit={submit}>
        <TextField
          label={t('passkeys.name')}
          hint={t('passkeys.nameHint')}
          value={name}
          maxLength={NAME_MAX}
          required
          onChange={(e) => setName(e.target.value)}
        />
        <button
          type="submit"
          className="button button--primary"
          disabled={add.isPending || name.trim() === ''}
        >
          {add.isPending ? t('passkeys.adding') : t('passkeys.add')}
        </button>
      </form>
      <ErrorAlert error={passkeyError(add.error)} />
    </>
  );
}

function PasskeyItem({
  item,
  onRename,
  onRemove,
}: {
  item: Passkey;
  onRename: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const timeZone = useSiteTimeZone();
  return (
    <li className="passkeys__item stack-list__card">
      <h3>{item.Name}</h3>
      <dl>
        <dt>{t('passkeys.added')}</dt>
        <dd>{formatDateTime(item.CreatedAt, locale, timeZone)}</dd>
        <dt>{t('passkeys.lastUsed')}</dt>
        <dd>
          {item.LastUsedAt
            ? formatDateTime(item.LastUsedAt, locale, timeZone)
            : t('passkeys.never')}
        </dd>
      </dl>
      <ItemActions
        className="passkeys__actions"
        prefix="passkeys"
        item={{ name: item.Name }}
        actions={{ rename: { onClick: onRename }, remove: { onClick: onRemove, look: 'danger' } }}
      />
    </li>
  );
}
