// The site's integration keys: the platform signs its feed with one; several may be live while the
// platform moves to a new one (rotation with overlap), and a leaked one is revoked at once.
import type { IntegrationKey } from '@backline/contract/calls/platform-keys';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ItemActions } from '@/components/ui/item-actions';
import { QueryList } from '@/components/ui/query-list';
import { ErrorAlert } from '@/components/ui/states';
import { TextField } from '@/components/ui/text-field';
import { formatDateTime, useLocale } from '@/lib/format';
import { useSiteTimeZone } from '@/lib/time-zone';
import { toast } from '@/stores/toast-store';
import {
  useInsertIntegrationKey,
  useIntegrationKeys,
  useRevokeIntegrationKey,
  useRotateIntegrationKey,
} from '../api/integration-keys';
import { ActionDialog } from './action-dialog';
import { Fact } from './fact';
import { OverlapField } from './overlap-field';
import { SecretNotice } from './secret-notice';

type Shown = { title: string; keyId: string; secret: string };

export function KeysSection() {
  const { t } = useTranslation();
  const id = useId();
  const keys = useIntegrationKeys();
  const insert = useInsertIntegrationKey();
  const [label, setLabel] = useState('');
  const [shown, setShown] = useState<Shown | null>(null);
  const [rotating, setRotating] = useState<IntegrationKey | null>(null);
  const [revoking, setRevoking] = useState<IntegrationKey | null>(null);

  const create = (e: FormEvent) => {
    e.preventDefault();
    insert.mutate(label, {
      onSuccess: (key) => {
        setLabel('');
        setShown({
          title: t('integration.newKeyTitle', { label: key.Label }),
          keyId: key.KeyId,
          secret: key.Secret,
        });
      },
    });
  };

  return (
    <section className="integration__section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('integration.keysTitle')}</h2>
      <p className="integration__intro">{t('integration.keysIntro')}</p>
      <form className="integration__inline-form" onSubmit={create}>
        <TextField
          label={t('fields.label')}
          value={label}
          maxLength={64}
          required
          onChange={(e) => setLabel(e.target.value)}
        />
        <button type="submit" className="button button--primary" disabled={insert.isPending}>
          {t('integration.createKey')}
        </button>
      </form>
      <ErrorAlert error={insert.error} />
      <QueryList
        query={keys}
        items={(data) => data.Keys}
        pending="line"
        empty={t('integration.noKeys')}
        className="integration__list"
      >
        {(key) => (
          <KeyItem
            key={key.IdKey}
            item={key}
            onRotate={() => setRotating(key)}
            onRevoke={() => setRevoking(key)}
          />
        )}
      </QueryList>
      {rotating && (
        <RotateKeyDialog
          item={rotating}
          onClose={() => setRotating(null)}
          onRotated={(key) => {
            setRotating(null);
            setShown({
              title: t('integration.rotatedKeyTitle', { label: key.Label }),
              keyId: key.KeyId,
              secret: key.Secret,
            });
          }}
        />
      )}
      {revoking && <RevokeKeyDialog item={revoking} onClose={() => setRevoking(null)} />}
      {shown && <SecretNotice {...shown} onDone={() => setShown(null)} />}
    </section>
  );
}

function KeyItem({
  item,
  onRotate,
  onRevoke,
}: {
  item: IntegrationKey;
  onRotate: () => void;
  onRevoke: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const timeZone = useSiteTimeZone();
  const when = (instant: string | null) =>
    instant ? formatDateTime(instant, locale, timeZone) : t('integration.never');
  const usable = item.State === 'live' || item.State === 'expiring';
  return (
    <li className="integration__item stack-list__card">
      <h3>
        {item.Label}{' '}
        <span className={`integration__state integration__state--${item.State}`}>
          {t(`integration.keyStates.${item.State}`)}
        </span>
      </h3>
      <dl>
        <Fact label={t('integration.keyId')} className="integration__code">
          {item.KeyId}
        </Fact>
        <Fact label={t('integration.scopes')}>
          {item.Scopes.map((s) => t(`integration.scopeNames.${s.replace(':', '_')}`)).join(', ')}
        </Fact>
        <Fact label={t('integration.created')}>{when(item.CreatedAt)}</Fact>
        <Fact label={t('integration.lastUsed')}>{when(item.LastUsedAt)}</Fact>
        <Fact label={t('integration.expires')}>{item.ExpiresAt && when(item.ExpiresAt)}</Fact>
        <Fact label={t('integration.revoked')}>{item.RevokedAt && when(item.RevokedAt)}</Fact>
      </dl>
      {usable && (
        <ItemActions
          className="integration__actions"
          prefix="integration"
          item={{ label: item.Label }}
          actions={{
            rotate: item.State === 'live' && { onClick: onRotate },
            revoke: { onClick: onRevoke, look: 'danger' },
          }}
        />
      )}
    </li>
  );
}

function RotateKeyDialog({
  item,
  onClose,
  onRotated,
}: {
  item: IntegrationKey;
  onClose: () => void;
  onRotated: (key: IntegrationKey & { Secret: string }) => void;
}) {
  const { t } = useTranslation();
  const rotate = useRotateIntegrationKey();
  const [hours, setHours] = useState(24);
  return (
    <ActionDialog
      title={t('integration.rotateTitle', { label: item.Label })}
      intro={t('integration.rotateIntro')}
      action={t('integration.rotate')}
      pending={rotate.isPending}
      error={rotate.error}
      onClose={onClose}
      onConfirm={() =>
        rotate.mutate({ IdKey: item.IdKey, OverlapHours: hours }, { onSuccess: onRotated })
      }
    >
      <OverlapField value={hours} onChange={setHours} />
    </ActionDialog>
  );
}

function RevokeKeyDialog({ item, onClose }: { item: IntegrationKey; onClose: () => void }) {
  const { t } = useTranslation();
  const revoke = useRevokeIntegrationKey();
  return (
    <ActionDialog
      title={t('integration.revokeTitle', { label: item.Label })}
      intro={t('integration.revokeIntro', { key: item.KeyId })}
      action={t('integration.revoke')}
      danger
      pending={revoke.isPending}
      error={revoke.error}
      onClose={onClose}
      onConfirm={() =>
        revoke.mutate(item.IdKey, {
          onSuccess: () => {
            onClose();
            toast.success(t('integration.revokedToast', { label: item.Label }));
          },
        })
      }
    />
  );
}
