// Shared devices (issue 20 item 4): groups of the subtree's players who logged in from one address
// or one device over a period, most players first; each player leads to its page.
import { Period } from '@backline/contract/core/enums';
import { SHARED_KINDS, SharedKind } from '@backline/contract/reports/shared-devices';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '@/components/export/export-button';
import { EnumFilter } from '@/components/ui/choice-field';
import { CutNote } from '@/components/ui/cut-note';
import { PeriodAgentReport } from '@/components/ui/period-agent-report';
import { useLocale } from '@/lib/format';
import { periodAgentUrl, usePeriodAgentState } from '@/lib/period-agent-state';
import { useSharedDevices } from '../api/get-shared-devices';
import { SharedDevicesTable } from './shared-devices-table';
import './shared-devices.css';

const URL_STATE = periodAgentUrl({ kind: SharedKind }, { kind: undefined });

export function SharedDevices() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { url, patch, range, idAgent } = usePeriodAgentState(URL_STATE, Period.ThisMonth);
  const { kind } = url;
  const filters = { idAgent, ...range, ...(kind ? { kind } : {}) };
  const query = useSharedDevices(filters);

  return (
    <PeriodAgentReport
      screen="sharedDevices"
      query={query}
      isEmpty={(r) => r.Groups.length === 0}
      countOf={(r) => r.TotalGroups}
      tools={<ExportButton target={{ report: 'sharedDevices', filters }} />}
      range={range}
      idAgent={idAgent}
      onChange={patch}
      fields={
        <EnumFilter
          label={t('sharedDevices.kind')}
          values={SHARED_KINDS}
          names="sharedDevices.kinds"
          value={kind}
          onChange={(k) => patch({ kind: k })}
        />
      }
    >
      {(r, days) => (
        <>
          <p className="shared-devices__note">{t('sharedDevices.note')}</p>
          <CutNote
            screen="sharedDevices"
            shown={r.Groups.length}
            total={r.TotalGroups}
            className="shared-devices__note"
          />
          <SharedDevicesTable
            report={r}
            locale={locale}
            caption={t('sharedDevices.caption', { period: days.text })}
            fetching={query.isFetching}
          />
        </>
      )}
    </PeriodAgentReport>
  );
}
