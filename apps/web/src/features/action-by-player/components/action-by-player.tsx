import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '@/components/export/export-button';
import { AgentSelect } from '@/components/ui/agent-select';
import { DateRangeFields } from '@/components/ui/date-range-fields';
import { FilterPanel } from '@/components/ui/filter-panel';
import { ReportPage } from '@/components/ui/report-page';
import { formatDayRange, useLocale } from '@/lib/format';
import { useAgentStore } from '@/stores/agent-store';
import { useActionByPlayer } from '../api/get-action-by-player';
import { ActionConversion } from './action-conversion';
import { ActionTable } from './action-table';
import { useActionByPlayerState } from './use-action-by-player-state';
import '@/components/ui/report-extras.css';
import './action-by-player.css';

export function ActionByPlayer() {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  const selfId = useAgentStore((s) => s.agent?.IdAgent ?? 0);
  const [filters, update] = useActionByPlayerState();
  const query = useActionByPlayer(filters);
  const report = query.data;
  const period = formatDayRange(filters.startDate, filters.endDate, locale);

  return (
    <ReportPage
      screen="actionByPlayer"
      query={query}
      isEmpty={(r) => r.Rows.length === 0}
      period={period}
      countOf={(r) => r.Rows.length}
      countKey="actionByPlayer.playerCount"
      tools={<ExportButton target={{ report: 'actionByPlayer', filters }} />}
      filters={
        <>
          <FilterPanel className="filters--wide">
            <DateRangeFields
              value={{ startDate: filters.startDate, endDate: filters.endDate }}
              onChange={(range) => update(range)}
            />
            <AgentSelect
              value={filters.idAgent ?? selfId}
              onChange={(idAgent) => update({ idAgent })}
            />
            <div className="check-field">
              <input
                id={`${id}-currency`}
                type="checkbox"
                role="switch"
                checked={filters.isCurrencyReport}
                aria-describedby={`${id}-currency-hint`}
                onChange={(e) => update({ isCurrencyReport: e.target.checked })}
              />
              <label htmlFor={`${id}-currency`}>{t('actionByPlayer.inOneCurrency')}</label>
              <p id={`${id}-currency-hint`} className="check-field__hint">
                {t('actionByPlayer.inOneCurrencyHint')}
              </p>
            </div>
          </FilterPanel>
          {report?.Conversion && <ActionConversion conversion={report.Conversion} />}
        </>
      }
    >
      {(report) => (
        <ActionTable
          report={report}
          locale={locale}
          caption={t('actionByPlayer.caption', { period })}
          fetching={query.isFetching}
        />
      )}
    </ReportPage>
  );
}
