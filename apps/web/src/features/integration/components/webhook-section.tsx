// Where agent actions go back to the platform, and the secret each delivery is signed with.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/ui/query-state';
import { ErrorAlert } from '@/components/ui/states';
import { TextField } from '@/components/ui/text-field';
import { formatDateTime, useLocale } from '@/lib/format';
import { useSiteTimeZone } from '@/lib/time-zone';
import { toast } from '@/stores/toast-store';
import { useRotateWebhookSecret, useSetWebhookEndpoint, useWebhookEndpoint } from '../api/webhooks';
import { ActionDialog } from './action-dialog';
import { OverlapField } from './overlap-field';
import { SecretNotice } from './secret-notice';

export function WebhookSection() {
  const { t } = useTranslation();
  const id = useId();
  const locale = useLocale();
  const timeZone = useSiteTimeZone();
  const endpoint = useWebhookEndpoint();
  const save = useSetWebhookEndpoint();
  // What the agent typed; until then the field shows the stored address.
  const [typed, setTyped] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [rotating, setRotating] = useState(false);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const url = (typed ?? endpoint.data?.Url ?? '').trim();
    save.mutate(url, {
      onSuccess: (answer) => {
        setTyped(null);
        if (answer.Secret) setSecret(answer.Secret);
        else toast.success(t('integration.webhookSaved'));
      },
    });
  };

  return (
    <section className="integration__section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('integration.webhookTitle')}</h2>
      <p className="integration__intro">{t('integration.webhookIntro')}</p>
      <QueryState query={endpoint} pending="line">
        {(data) => (
          <>
            <form className="integration__inline-form" onSubmit={submit}>
              <TextField
                label={t('fields.url')}
                type="url"
                inputMode="url"
                placeholder="https://"
                required
                maxLength={2000}
                value={typed ?? data.Url ?? ''}
                onChange={(e) => setTyped(e.target.value)}
                fieldClassName="integration__url"
              />
              <button type="submit" className="button button--primary" disabled={save.isPending}>
                {t('integration.saveWebhook')}
              </button>
            </form>
            <ErrorAlert error={save.error} />
            <dl className="integration__facts term-list">
              <dt>{t('integration.signingSecret')}</dt>
              <dd>
                {data.SecretHint
                  ? t('integration.secretEndsWith', { hint: data.SecretHint })
                  : t('integration.noSecret')}
              </dd>
              {data.SecretRotatedAt && (
                <>
                  <dt>{t('integration.secretRotated')}</dt>
                  <dd>{formatDateTime(data.SecretRotatedAt, locale, timeZone)}</dd>
                </>
              )}
              {data.PreviousSecretUntil && (
                <>
                  <dt>{t('integration.previousSecretUntil')}</dt>
                  <dd>{formatDateTime(data.PreviousSecretUntil, locale, timeZone)}</dd>
                </>
              )}
              <dt>{t('integration.webhookTypes')}</dt>
              <dd>
                {data.Types.map((type) => t(`integration.types.${type.replace('.', '_')}`)).join(
                  ', ',
                )}
              </dd>
            </dl>
            {data.SecretHint && (
              <div className="integration__actions">
                <button type="button" className="button" onClick={() => setRotating(true)}>
                  {t('integration.rotateSecret')}
                </button>
              </div>
            )}
          </>
        )}
      </QueryState>
      {rotating && (
        <RotateSecretDialog
          onClose={() => setRotating(false)}
          onRotated={(value) => {
            setRotating(false);
            setSecret(value);
          }}
        />
      )}
      {secret && (
        <SecretNotice
          title={t('integration.webhookSecretTitle')}
          secret={secret}
          onDone={() => setSecret(null)}
        />
      )}
    </section>
  );
}

function RotateSecretDialog({
  onClose,
  onRotated,
}: {
  onClose: () => void;
  onRotated: (secret: string) => void;
}) {
  const { t } = useTranslation();
  const rotate = useRotateWebhookSecret();
  const [hours, setHours] = useState(24);
  return (
    <ActionDialog
      title={t('integration.rotateSecret')}
      intro={t('integration.rotateSecretIntro')}
      action={t('integration.rotateSecret')}
      pending={rotate.isPending}
      error={rotate.error}
      onClose={onClose}
      onConfirm={() => rotate.mutate(hours, { onSuccess: (answer) => onRotated(answer.Secret) })}
    >
      <OverlapField value={hours} onChange={setHours} />
    </ActionDialog>
  );
}
