import { settlementPeriod } from '@backline/contract/periods';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '@/components/export/export-button';
import { AgentSelect } from '@/components/ui/agent-select';
import { PeriodRangePicker } from '@/components/ui/period-range-picker';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { TableSkeleton } from '@/components/ui/table-skeleton';
import { FilterPanel } from '@/components/ui/filter-panel';
import { useErrorMessage } from '@/lib/errors';
import { formatDayRange, useLocale } from '@/lib/format';
import { useScopedAgent } from '@/lib/agent-scope';
import {
  PERIOD_RANGE_DEFAULTS,
  PERIOD_RANGE_FIELDS,
  periodRangeOf,
  periodRangeParams,
  resolvePeriodRange,
} from '@/lib/period-range';
import { useUrlState } from '@/lib/url-state';
import { OptionalId } from '@backline/contract/endpoint';
import { useAgentStore } from '@/stores/agent-store';
import { usePlayerPayments } from '../api/get-player-payments';
import { EntryForm, type EntryKind } from './entry-form';
import { PaymentsTable } from './payments-table';
import '@/components/ui/report.css';
import '@/components/payments/payments.css';
import { SiteZone } from '@/components/ui/site-zone';
import './player-payment.css';

const URL_FIELDS = { ...PERIOD_RANGE_FIELDS, idAgent: OptionalId };
const URL_DEFAULTS = { ...PERIOD_RANGE_DEFAULTS, idAgent: undefined } as const;

export function PlayerPayment() {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  const errorMessage = useErrorMessage();
  const timeZone = useAgentStore((s) => s.site?.TimeZone ?? 'UTC');
  const subAgents = useAgentStore((s) => s.subAgents);
  const mayPay = useAgentStore((s) => s.rights.includes('managePayments'));
  const mayAdjust = useAgentStore((s) => s.rights.includes('enterAdjustments'));
  const kinds: EntryKind[] = [
    ...(mayPay ? ['payment' as const] : []),
    ...(mayAdjust ? ['adjustment' as const] : []),
  ];
  const [url, patch] = useUrlState(URL_FIELDS, URL_DEFAULTS);
  // Where agents settle: on a Monday the screen opens on the week just closed.
  const range = periodRangeOf(url, settlementPeriod(new Date(), timeZone));
  const idAgent = useScopedAgent(url.idAgent);
  // The kind the entry form opened on; null: closed. Each opening is a new form: one form, one entry.
  const [formKind, setFormKind] = useState<EntryKind | null>(null);
  const query = usePlayerPayments({ idAgent, ...range });
  const report = query.data;
  const days = report ?? resolvePeriodRange(range, new Date(), timeZone);
  const periodText = formatDayRange(days.StartDate, days.EndDate, locale);

  return (
    <section className="report" aria-labelledby={`${id}-title`}>
      <header className="report__header">
        <div>
          <h1 id={`${id}-title`} className="report__title">
            {t('playerPayment.title')}
          </h1>
          <p className="report__period">
            <time dateTime={days.StartDate}>{periodText}</time>
            <SiteZone />
          </p>
        </div>
        <div className="report__tools">
          {!formKind &&
            kinds.map((kind) => (
              <button
                key={kind}
                type="button"
                className={kind === 'payment' ? 'button button--primary' : 'button'}
                onClick={() => setFormKind(kind)}
              >
                {t(kind === 'payment' ? 'playerPayment.enter' : 'playerPayment.enterAdjustment')}
              </button>
            ))}
          <ExportButton target={{ report: 'playerPayments', filters: { idAgent, ...range } }} />
        </div>
      </header>

      {formKind && <EntryForm kinds={kinds} initial={formKind} onDone={() => setFormKind(null)} />}

      <FilterPanel className="filters--flow">
        <PeriodRangePicker value={range} onChange={(r) => patch(periodRangeParams(r))} />
        <AgentSelect agents={subAgents} value={idAgent} onChange={(v) => patch({ idAgent: v })} />
      </FilterPanel>

      <div className="report__body" aria-busy={query.isFetching}>
        {query.isPending ? (
          <TableSkeleton label={t('playerPayment.loading')} />
        ) : query.isError && !report ? (
          <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
        ) : report && report.Rows.length === 0 ? (
          <EmptyState message={t('playerPayment.empty')} />
        ) : report ? (
          <div className="table-frame">
            {query.isFetching && <span className="refresh-bar" aria-hidden="true" />}
            <PaymentsTable
              report={report}
              locale={locale}
              timeZone={timeZone}
              caption={t('playerPayment.caption', { period: periodText })}
            />
          </div>
        ) : null}
      </div>
    </section>
  );
}
