// The delivery log: every agent action sent (or being sent) to the platform, its attempts and the
// receiver's last answer; one can be sent again with the same id.
import { WEBHOOK_STATUSES, type WebhookDeliveryRow } from '@backline/contract/calls/webhooks';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager, usePaging } from '@/components/ui/pager';
import { QueryState } from '@/components/ui/query-state';
import { ErrorAlert } from '@/components/ui/states';
import { SelectField } from '@/components/ui/text-field';
import { formatCount, formatDateTime, useLocale } from '@/lib/format';
import { useSiteTimeZone } from '@/lib/time-zone';
import { toast } from '@/stores/toast-store';
import {
  useResendWebhookDelivery,
  useWebhookDeliveries,
  type DeliveriesQuery,
} from '../api/webhooks';
import { Fact } from './fact';

type Status = NonNullable<DeliveriesQuery['status']>;

export function DeliveriesSection() {
  const { t } = useTranslation();
  const id = useId();
  const locale = useLocale();
  const [status, setStatus] = useState<Status | ''>('');
  const paging = usePaging(25);
  const { page, pageSize } = paging;
  const deliveries = useWebhookDeliveries({ ...(status ? { status } : {}), page, pageSize });

  return (
    <section className="integration__section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('integration.deliveriesTitle')}</h2>
      <div className="integration__inline-form">
        <SelectField
          label={t('fields.status')}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as Status | '');
            paging.restart();
          }}
        >
          <option value="">{t('integration.allStatuses')}</option>
          {WEBHOOK_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`integration.deliveryStatuses.${s}`)}
            </option>
          ))}
        </SelectField>
        <button type="button" className="button" onClick={() => void deliveries.refetch()}>
          {t('integration.refresh')}
        </button>
      </div>
      <QueryState
        query={deliveries}
        pending="line"
        empty={t('integration.noDeliveries')}
        isEmpty={(data) => data.Rows.length === 0}
      >
        {(data) => (
          <>
            <ul className="integration__list stack-list" aria-busy={deliveries.isPlaceholderData}>
              {data.Rows.map((row) => (
                <DeliveryItem key={row.IdDelivery} row={row} />
              ))}
            </ul>
            <Pager {...paging.pager} totalRows={data.Total} locale={locale} />
          </>
        )}
      </QueryState>
    </section>
  );
}

function DeliveryItem({ row }: { row: WebhookDeliveryRow }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const timeZone = useSiteTimeZone();
  const resend = useResendWebhookDelivery();
  const when = (instant: string) => formatDateTime(instant, locale, timeZone);
  const answer = (code: number | null, error: string | null) =>
    code !== null ? t('integration.answered', { code }) : (error ?? t('integration.noAnswer'));
  return (
    <li className="integration__item stack-list__card">
      <h3>
        {t(`integration.types.${row.Type.replace('.', '_')}`)}
        {row.Player && <span className="integration__muted"> · {row.Player}</span>}{' '}
        <span className={`integration__state integration__state--${row.Status}`}>
          {t(`integration.deliveryStatuses.${row.Status}`)}
        </span>
      </h3>
      <dl>
        <Fact label={t('integration.deliveryId')} className="integration__code">
          {row.IdDelivery}
        </Fact>
        <Fact label={t('integration.created')}>{when(row.CreatedAt)}</Fact>
        <Fact label={t('integration.attempts')}>{formatCount(row.Attempts, locale)}</Fact>
        <Fact label={t('integration.lastAttempt')}>
          {row.LastAttemptAt &&
            `${when(row.LastAttemptAt)} · ${answer(row.LastStatusCode, row.LastError)}`}
        </Fact>
        <Fact label={t('integration.nextAttempt')}>
          {row.NextAttemptAt && when(row.NextAttemptAt)}
        </Fact>
        <Fact label={t('integration.delivered')}>{row.DeliveredAt && when(row.DeliveredAt)}</Fact>
      </dl>
      {row.History.length > 0 && (
        <details className="integration__history">
          <summary>{t('integration.history', { count: row.History.length })}</summary>
          <ol>
            {row.History.map((attempt) => (
              <li key={attempt.At}>
                {when(attempt.At)} · {answer(attempt.StatusCode, attempt.Error)} ·{' '}
                {t('integration.took', { ms: formatCount(attempt.DurationMs, locale) })}
              </li>
            ))}
          </ol>
        </details>
      )}
      <ErrorAlert error={resend.error} />
      <div className="integration__actions">
        <button
          type="button"
          className="button"
          disabled={resend.isPending}
          aria-label={t('integration.resendLabel', { id: row.IdDelivery })}
          onClick={() =>
            resend.mutate(row.IdDelivery, {
              onSuccess: () => toast.success(t('integration.resent')),
            })
          }
        >
          {t('integration.resend')}
        </button>
      </div>
    </li>
  );
}
