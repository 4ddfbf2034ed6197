// Shared devices (issue 20 item 4): groups of the subtree's players who logged in from one address
// or one device over a period, most players first; each player leads to its page.
import { Period } from '@backline/contract/core/enums';
import { SHARED_KINDS, SharedKind } from '@backline/contract/reports/shared-devices';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '@/components/export/export-button';
import { EnumFilter } from '@/components/ui/choice-field';
import { PeriodAgentFilters } from '@/components/ui/period-agent-filters';
import { ReportPage } from '@/components/ui/report-page';
import { ReportPeriod, useShownDays } from '@/components/ui/report-period';
import { formatCount, useLocale } from '@/lib/format';
import {
  PERIOD_AGENT_DEFAULTS,
  PERIOD_AGENT_FIELDS,
  usePeriodAgentState,
} from '@/lib/period-agent-state';
import { useSharedDevices } from '../api/get-shared-devices';
import { SharedDevicesTable } from './shared-devices-table';
import './shared-devices.css';

const URL_FIELDS = { ...PERIOD_AGENT_FIELDS, kind: SharedKind };
const URL_DEFAULTS = { ...PERIOD_AGENT_DEFAULTS, kind: undefined } as const;

export function SharedDevices() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { url, patch, range, idAgent } = usePeriodAgentState(
    URL_FIELDS,
    URL_DEFAULTS,
    Period.ThisMonth,
  );
  const { kind } = url;
  const filters = { idAgent, ...range, ...(kind ? { kind } : {}) };
  const query = useSharedDevices(filters);
  const report = query.data;
  const days = useShownDays(range, report);

  return (
    <ReportPage
      screen="sharedDevices"
      query={query}
      isEmpty={(r) => r.Groups.length === 0}
      period={<ReportPeriod days={days} />}
      count={
        report &&
        t('sharedDevices.count', {
          count: report.TotalGroups,
          formatted: formatCount(report.TotalGroups, locale),
        })
      }
      tools={<ExportButton target={{ report: 'sharedDevices', filters }} />}
      filters={
        <PeriodAgentFilters range={range} idAgent={idAgent} onChange={patch}>
          <EnumFilter
            label={t('sharedDevices.kind')}
            values={SHARED_KINDS}
            names="sharedDevices.kinds"
            value={kind}
            onChange={(k) => patch({ kind: k })}
          />
        </PeriodAgentFilters>
      }
    >
      {(r) => (
        <>
          <p className="shared-devices__note">{t('sharedDevices.note')}</p>
          {r.TotalGroups > r.Groups.length && (
            <p className="shared-devices__note" role="note">
              {t('sharedDevices.cut', {
                shown: formatCount(r.Groups.length, locale),
                total: formatCount(r.TotalGroups, locale),
              })}
            </p>
          )}
          <SharedDevicesTable
            report={r}
            locale={locale}
            caption={t('sharedDevices.caption', { period: days.text })}
            fetching={query.isFetching}
          />
        </>
      )}
    </ReportPage>
  );
}
