import { Period, SPORTS, Sport } from '@backline/contract/core/enums';
import { HOLD_GROUPS, HoldGroup } from '@backline/contract/reports/hold';
import { useTranslation } from 'react-i18next';
import { ConversionNote } from '@/components/currency/conversion-note';
import { ExportButton } from '@/components/export/export-button';
import { ChoiceField, EnumFilter } from '@/components/ui/choice-field';
import { CutNote } from '@/components/ui/cut-note';
import { PeriodAgentReport } from '@/components/ui/period-agent-report';
import { useLocale } from '@/lib/format';
import { periodAgentUrl, usePeriodAgentState } from '@/lib/period-agent-state';
import { useHold } from '../api/get-hold';
import { HoldChart } from './hold-chart';
import { HoldTable } from './hold-table';
import './hold.css';

const URL_STATE = periodAgentUrl(
  { groupBy: HoldGroup, sport: Sport },
  { groupBy: 'sport', sport: undefined },
);

export function Hold() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { url, patch, range, idAgent } = usePeriodAgentState(URL_STATE, Period.ThisMonth);
  const { groupBy, sport } = url;
  const filters = { idAgent, groupBy, ...range, ...(sport ? { sport } : {}) };
  const query = useHold(filters);

  return (
    <PeriodAgentReport
      screen="hold"
      query={query}
      isEmpty={(r) => r.Rows.length === 0}
      countOf={(r) => r.TotalRows}
      tools={<ExportButton target={{ report: 'hold', filters }} />}
      range={range}
      idAgent={idAgent}
      onChange={patch}
      fields={
        <>
          <ChoiceField
            label={t('hold.groupBy')}
            choices={HOLD_GROUPS.map((g) => ({ value: g, label: t(`hold.groups.${g}`) }))}
            value={groupBy}
            onChange={(g) => patch({ groupBy: g })}
          />
          <EnumFilter
            label={t('hold.sport')}
            values={SPORTS}
            names="sports"
            value={sport}
            onChange={(s) => patch({ sport: s })}
          />
        </>
      }
    >
      {(report, days) => (
        <>
          <ConversionNote conversion={report.Conversion} />
          <p className="hold__note">{t('hold.note', { currency: report.Currency })}</p>
          <CutNote
            screen="hold"
            shown={report.Rows.length}
            total={report.TotalRows}
            className="hold__note"
          />
          <HoldChart report={report} locale={locale} />
          <HoldTable
            report={report}
            locale={locale}
            caption={t('hold.caption', {
              group: t(`hold.groups.${report.GroupBy}`).toLowerCase(),
              period: days.text,
            })}
            fetching={query.isFetching}
          />
        </>
      )}
    </PeriodAgentReport>
  );
}
