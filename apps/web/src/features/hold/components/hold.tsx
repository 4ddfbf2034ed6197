import { Period, SPORTS, Sport } from '@backline/contract/core/enums';
import { HOLD_GROUPS, HoldGroup } from '@backline/contract/reports/hold';
import { useTranslation } from 'react-i18next';
import { ConversionNote } from '@/components/currency/conversion-note';
import { ExportButton } from '@/components/export/export-button';
import { ChoiceField, EnumFilter } from '@/components/ui/choice-field';
import { PeriodAgentFilters } from '@/components/ui/period-agent-filters';
import { ReportPage } from '@/components/ui/report-page';
import { ReportPeriod, useShownDays } from '@/components/ui/report-period';
import { formatCount, useLocale } from '@/lib/format';
import {
  PERIOD_AGENT_DEFAULTS,
  PERIOD_AGENT_FIELDS,
  usePeriodAgentState,
} from '@/lib/period-agent-state';
import { useHold } from '../api/get-hold';
import { HoldChart } from './hold-chart';
import { HoldTable } from './hold-table';
import './hold.css';

const URL_FIELDS = { ...PERIOD_AGENT_FIELDS, groupBy: HoldGroup, sport: Sport };
const URL_DEFAULTS = { ...PERIOD_AGENT_DEFAULTS, groupBy: 'sport', sport: undefined } as const;

export function Hold() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { url, patch, range, idAgent } = usePeriodAgentState(
    URL_FIELDS,
    URL_DEFAULTS,
    Period.ThisMonth,
  );
  const { groupBy, sport } = url;
  const filters = { idAgent, groupBy, ...range, ...(sport ? { sport } : {}) };
  const query = useHold(filters);
  const report = query.data;
  const days = useShownDays(range, report);

  return (
    <ReportPage
      screen="hold"
      query={query}
      isEmpty={(r) => r.Rows.length === 0}
      period={<ReportPeriod days={days} />}
      count={
        report &&
        t('hold.count', {
          count: report.TotalRows,
          formatted: formatCount(report.TotalRows, locale),
        })
      }
      tools={<ExportButton target={{ report: 'hold', filters }} />}
      filters={
        <PeriodAgentFilters range={range} idAgent={idAgent} onChange={patch}>
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
        </PeriodAgentFilters>
      }
    >
      {(report) => (
        <>
          <ConversionNote conversion={report.Conversion} />
          <p className="hold__note">{t('hold.note', { currency: report.Currency })}</p>
          {report.TotalRows > report.Rows.length && (
            <p className="hold__note" role="note">
              {t('hold.cut', {
                shown: formatCount(report.Rows.length, locale),
                total: formatCount(report.TotalRows, locale),
              })}
            </p>
          )}
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
    </ReportPage>
  );
}
