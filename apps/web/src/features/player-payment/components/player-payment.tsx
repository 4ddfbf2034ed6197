import { settlementPeriod } from '@backline/contract/core/periods';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '@/components/export/export-button';
import { AgentSelect } from '@/components/ui/agent-select';
import { PeriodRangePicker } from '@/components/ui/period-range-picker';
import { FilterPanel } from '@/components/ui/filter-panel';
import { QueryState } from '@/components/ui/query-state';
import { ReportPage } from '@/components/ui/report-page';
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
import { OptionalId } from '@backline/contract/core/endpoint';
import { useAgentStore } from '@/stores/agent-store';
import { usePlayerPayments } from '../api/get-player-payments';
import { EntryForm, type EntryKind } from './entry-form';
import { PaymentsTable } from './payments-table';
import '@/components/payments/payments.css';
import './player-payment.css';

const URL_FIELDS = { ...PERIOD_RANGE_FIELDS, idAgent: OptionalId };
const URL_DEFAULTS = { ...PERIOD_RANGE_DEFAULTS, idAgent: undefined } as const;

export function PlayerPayment() {
  const { t } = useTranslation();
  const locale = useLocale();
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
    <ReportPage
      title={t('playerPayment.title')}
      period={<time dateTime={days.StartDate}>{periodText}</time>}
      tools={
        <>
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
        </>
      }
      filters={
        <>
          {formKind && (
            <EntryForm kinds={kinds} initial={formKind} onDone={() => setFormKind(null)} />
          )}
          <FilterPanel className="filters--flow">
            <PeriodRangePicker value={range} onChange={(r) => patch(periodRangeParams(r))} />
            <AgentSelect
              agents={subAgents}
              value={idAgent}
              onChange={(v) => patch({ idAgent: v })}
            />
          </FilterPanel>
        </>
      }
      busy={query.isFetching}
    >
      <QueryState
        query={query}
        loading={t('playerPayment.loading')}
        empty={t('playerPayment.empty')}
        isEmpty={(r) => r.Rows.length === 0}
      >
        {(report) => (
          <PaymentsTable
            report={report}
            locale={locale}
            timeZone={timeZone}
            caption={t('playerPayment.caption', { period: periodText })}
            fetching={query.isFetching}
          />
        )}
      </QueryState>
    </ReportPage>
  );
}
