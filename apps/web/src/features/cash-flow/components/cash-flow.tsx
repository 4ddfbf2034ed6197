import { OptionalId, QueryBool } from '@backline/contract/core/endpoint';
import { Period } from '@backline/contract/core/enums';
import { useTranslation } from 'react-i18next';
import { ConversionNote } from '@/components/currency/conversion-note';
import { ExportButton } from '@/components/export/export-button';
import { AgentSelect } from '@/components/ui/agent-select';
import { CheckField } from '@/components/ui/check-field';
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
import { useAgentStore } from '@/stores/agent-store';
import { useCashFlow } from '../api/get-cash-flow';
import { CashFlowCharts } from './cash-flow-charts';
import { CashFlowTable } from './cash-flow-table';
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
    <ReportPage
      title={t('cashFlow.title')}
      period={<time dateTime={days.StartDate}>{periodText}</time>}
      tools={
        <ExportButton
          target={{ report: 'cashFlow', filters: { idAgent, isCurrencyReport, ...range } }}
        />
      }
      filters={
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
      }
      busy={query.isFetching}
    >
      <QueryState
        query={query}
        loading={t('cashFlow.loading')}
        empty={t('cashFlow.empty')}
        isEmpty={(r) => r.Rows.length === 0}
      >
        {(report) => (
          <>
            <ConversionNote conversion={report.Conversion} />
            <p className="cash-flow__note">{t('cashFlow.settlementsNote')}</p>
            <CashFlowCharts report={report} locale={locale} />
            <CashFlowTable
              report={report}
              locale={locale}
              caption={t('cashFlow.caption', { period: periodText })}
              fetching={query.isFetching}
            />
          </>
        )}
      </QueryState>
    </ReportPage>
  );
}
