import { QueryBool } from '@backline/contract/core/endpoint';
import { Period } from '@backline/contract/core/enums';
import { useTranslation } from 'react-i18next';
import { ConversionNote } from '@/components/currency/conversion-note';
import { ExportButton } from '@/components/export/export-button';
import { FilterFlags } from '@/components/ui/check-field';
import { PeriodAgentFilters } from '@/components/ui/period-agent-filters';
import { ReportPage } from '@/components/ui/report-page';
import { ReportPeriod, useShownDays } from '@/components/ui/report-period';
import { useLocale } from '@/lib/format';
import {
  PERIOD_AGENT_DEFAULTS,
  PERIOD_AGENT_FIELDS,
  usePeriodAgentState,
} from '@/lib/period-agent-state';
import { useCashFlow } from '../api/get-cash-flow';
import { CashFlowCharts } from './cash-flow-charts';
import { CashFlowTable } from './cash-flow-table';
import './cash-flow.css';

const URL_FIELDS = { ...PERIOD_AGENT_FIELDS, isCurrencyReport: QueryBool };
const URL_DEFAULTS = { ...PERIOD_AGENT_DEFAULTS, isCurrencyReport: false } as const;

const FLAGS = { isCurrencyReport: 'currency.inOneCurrency' };

export function CashFlow() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { url, patch, range, idAgent } = usePeriodAgentState(
    URL_FIELDS,
    URL_DEFAULTS,
    Period.ThisWeek,
  );
  const { isCurrencyReport } = url;
  const query = useCashFlow({ idAgent, isCurrencyReport, ...range });
  const report = query.data;
  const days = useShownDays(range, report);

  return (
    <ReportPage
      screen="cashFlow"
      query={query}
      isEmpty={(r) => r.Rows.length === 0}
      period={<ReportPeriod days={days} />}
      tools={
        <ExportButton
          target={{ report: 'cashFlow', filters: { idAgent, isCurrencyReport, ...range } }}
        />
      }
      filters={
        <PeriodAgentFilters range={range} idAgent={idAgent} onChange={patch}>
          <FilterFlags labels={FLAGS} values={url} onChange={patch} />
        </PeriodAgentFilters>
      }
    >
      {(report) => (
        <>
          <ConversionNote conversion={report.Conversion} />
          <p className="cash-flow__note">{t('cashFlow.settlementsNote')}</p>
          <CashFlowCharts report={report} locale={locale} />
          <CashFlowTable
            report={report}
            locale={locale}
            caption={t('cashFlow.caption', { period: days.text })}
            fetching={query.isFetching}
          />
        </>
      )}
    </ReportPage>
  );
}
