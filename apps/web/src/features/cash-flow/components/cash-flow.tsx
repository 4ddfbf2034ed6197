import { OptionalId, QueryBool } from '@backline/contract/endpoint';
import { Period } from '@backline/contract/enums';
import { formatMoney } from '@backline/contract/money';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ConversionNote } from '@/components/currency/conversion-note';
import { ExportButton } from '@/components/export/export-button';
import { AgentSelect } from '@/components/ui/agent-select';
import { CheckField } from '@/components/ui/check-field';
import { DayBarChart } from '@/components/ui/day-bar-chart';
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
import { useAgentStore } from '@/stores/agent-store';
import { useCashFlow } from '../api/get-cash-flow';
import { dailySeries } from '../utils/daily-series';
import { CashFlowTable } from './cash-flow-table';
import '@/components/ui/report.css';
import { SiteZone } from '@/components/ui/site-zone';
import './cash-flow.css';

const URL_FIELDS = { ...PERIOD_RANGE_FIELDS, idAgent: OptionalId, isCurrencyReport: QueryBool };
const URL_DEFAULTS = {
  ...PERIOD_RANGE_DEFAULTS,
  idAgent: undefined,
  isCurrencyReport: false,
} as const;

export function CashFlow() {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  const errorMessage = useErrorMessage();
  const timeZone = useAgentStore((s) => s.site?.TimeZone ?? 'UTC');
  const subAgents = useAgentStore((s) => s.subAgents);
  const [url, patch] = useUrlState(URL_FIELDS, URL_DEFAULTS);
  const range = periodRangeOf(url, Period.ThisWeek);
  const idAgent = useScopedAgent(url.idAgent);
  const { isCurrencyReport } = url;
  const query = useCashFlow({ idAgent, isCurrencyReport, ...range });
  const report = query.data;
  const days = report ?? resolvePeriodRange(range, new Date(), timeZone);
  const periodText = formatDayRange(days.StartDate, days.EndDate, locale);

  return (
    <section className="report" aria-labelledby={`${id}-title`}>
      <header className="report__header">
        <div>
          <h1 id={`${id}-title`} className="report__title">
            {t('cashFlow.title')}
          </h1>
          <p className="report__period">
            <time dateTime={days.StartDate}>{periodText}</time>
            <SiteZone />
          </p>
        </div>
        <ExportButton
          target={{ report: 'cashFlow', filters: { idAgent, isCurrencyReport, ...range } }}
        />
      </header>

      <FilterPanel className="filters--flow">
        <PeriodRangePicker value={range} onChange={(r) => patch(periodRangeParams(r))} />
        <AgentSelect agents={subAgents} value={idAgent} onChange={(v) => patch({ idAgent: v })} />
        <div className="filters__checks">
          <CheckField
            label={t('currency.inOneCurrency')}
            checked={isCurrencyReport}
            onChange={(v) => patch({ isCurrencyReport: v })}
          />
        </div>
      </FilterPanel>

      <div className="report__body" aria-busy={query.isFetching}>
        {query.isPending ? (
          <TableSkeleton label={t('cashFlow.loading')} />
        ) : query.isError && !report ? (
          <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
        ) : report && report.Rows.length === 0 ? (
          <EmptyState message={t('cashFlow.empty')} />
        ) : report ? (
          <>
            <ConversionNote conversion={report.Conversion} />
            <p className="cash-flow__note">{t('cashFlow.settlementsNote')}</p>
            <div className="chart-grid">
              {dailySeries(report).map((s) => {
                const total = report.Totals.find((x) => x.Currency === s.currency)!;
                const money = (minor: number) => formatMoney(minor, s.currency, locale);
                return (
                  <DayBarChart
                    key={s.currency}
                    title={t('cashFlow.chart.title', { currency: s.currency })}
                    summary={t('cashFlow.chart.summary', {
                      currency: s.currency,
                      days: s.days.length,
                      in: money(total.In),
                      out: money(total.Out),
                      settlements: money(total.Settlements),
                      net: money(total.Net),
                    })}
                    days={s.days}
                    series={[
                      { label: t('cashFlow.columns.in'), values: s.in, tone: 'in' },
                      { label: t('cashFlow.columns.out'), values: s.out, tone: 'out' },
                    ]}
                    currency={s.currency}
                    locale={locale}
                  />
                );
              })}
            </div>
            <div className="table-frame">
              {query.isFetching && <span className="refresh-bar" aria-hidden="true" />}
              <CashFlowTable
                report={report}
                locale={locale}
                caption={t('cashFlow.caption', { period: periodText })}
              />
            </div>
          </>
        ) : null}
      </div>
    </section>
  );
}
