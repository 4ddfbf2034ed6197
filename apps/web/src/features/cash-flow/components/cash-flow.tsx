import { QueryBool } from '@backline/contract/core/endpoint';
import { Period } from '@backline/contract/core/enums';
import { useTranslation } from 'react-i18next';
import { ConversionNote } from '@/components/currency/conversion-note';
import { ExportButton } from '@/components/export/export-button';
import { FilterFlags } from '@/components/ui/check-field';
import { PeriodAgentReport } from '@/components/ui/period-agent-report';
import { useLocale } from '@/lib/format';
import { periodAgentUrl, usePeriodAgentState } from '@/lib/period-agent-state';
import { useCashFlow } from '../api/get-cash-flow';
import { CashFlowCharts } from './cash-flow-charts';
import { CashFlowTable } from './cash-flow-table';
import './cash-flow.css';

const URL_STATE = periodAgentUrl({ isCurrencyReport: QueryBool }, { isCurrencyReport: false });

const FLAGS = { isCurrencyReport: 'currency.inOneCurrency' };

export function CashFlow() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { url, patch, range, idAgent } = usePeriodAgentState(URL_STATE, Period.ThisWeek);
  const { isCurrencyReport } = url;
  const query = useCashFlow({ idAgent, isCurrencyReport, ...range });

  return (
    <PeriodAgentReport
      screen="cashFlow"
      query={query}
      isEmpty={(r) => r.Rows.length === 0}
      tools={
        <ExportButton
          target={{ report: 'cashFlow', filters: { idAgent, isCurrencyReport, ...range } }}
        />
      }
      range={range}
      idAgent={idAgent}
      onChange={patch}
      fields={<FilterFlags labels={FLAGS} values={url} onChange={patch} />}
    >
      {(report, days) => (
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
    </PeriodAgentReport>
  );
}
