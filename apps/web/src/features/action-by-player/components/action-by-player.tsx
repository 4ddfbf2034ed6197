import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '@/components/export/export-button';
import { AgentSelect } from '@/components/ui/agent-select';
import { DateRangeFields } from '@/components/ui/date-range-fields';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { TableSkeleton } from '@/components/ui/table-skeleton';
import { FilterPanel } from '@/components/ui/filter-panel';
import { useErrorMessage } from '@/lib/errors';
import { formatCount, formatDayRange, useLocale } from '@/lib/format';
import { useAgentStore } from '@/stores/agent-store';
import { useActionByPlayer } from '../api/get-action-by-player';
import { ActionTable } from './action-table';
import { useActionByPlayerState } from './use-action-by-player-state';
import '@/components/ui/report.css';
import '@/components/ui/report-extras.css';
import { SiteZone } from '@/components/ui/site-zone';
import './action-by-player.css';

export function ActionByPlayer() {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  const errorMessage = useErrorMessage();
  const subAgents = useAgentStore((s) => s.subAgents);
  const selfId = useAgentStore((s) => s.agent?.IdAgent ?? 0);
  const [filters, update] = useActionByPlayerState();
  const query = useActionByPlayer(filters);
  const report = query.data;
  const period = formatDayRange(filters.startDate, filters.endDate, locale);

  return (
    <section className="report" aria-labelledby={`${id}-title`}>
      <header className="report__header">
        <div>
          <h1 id={`${id}-title`} className="report__title">
            {t('actionByPlayer.title')}
          </h1>
          <p className="report__period">
            {period}
            <SiteZone />
          </p>
        </div>
        <div className="report__tools">
          {report && (
            <p className="report__count" aria-live="polite">
              {t('actionByPlayer.playerCount', {
                count: report.Rows.length,
                formatted: formatCount(report.Rows.length, locale),
              })}
            </p>
          )}
          <ExportButton target={{ report: 'actionByPlayer', filters }} />
        </div>
      </header>

      <FilterPanel className="filters--wide">
        <DateRangeFields
          value={{ startDate: filters.startDate, endDate: filters.endDate }}
          onChange={(range) => update(range)}
        />
        <AgentSelect
          agents={subAgents}
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

      {report?.Conversion && (
        <div className="alert alert--info conversion" role="note">
          <p>
            {t('actionByPlayer.convertedTo', { currency: report.Conversion.Currency })}{' '}
            {report.Conversion.Rates.length > 0 ? (
              <span className="conversion__rates">
                {report.Conversion.Rates.map((r) => (
                  <span key={r.Currency} className="conversion__rate">
                    {t('actionByPlayer.rate', {
                      from: r.Currency,
                      rate: r.Rate,
                      to: report.Conversion!.Currency,
                    })}
                  </span>
                ))}
              </span>
            ) : (
              t('actionByPlayer.noRates')
            )}
          </p>
        </div>
      )}

      <div className="report__body">
        {query.isPending ? (
          <TableSkeleton label={t('actionByPlayer.loading')} />
        ) : query.isError && !report ? (
          <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
        ) : report && report.Rows.length === 0 ? (
          <EmptyState message={t('actionByPlayer.empty')} />
        ) : report ? (
          <>
            {query.isError && (
              <ErrorState
                message={errorMessage(query.error)}
                onRetry={() => void query.refetch()}
              />
            )}
            <div className="table-frame" aria-busy={query.isFetching}>
              {query.isFetching && <span className="refresh-bar" aria-hidden="true" />}
              <ActionTable
                report={report}
                locale={locale}
                caption={t('actionByPlayer.caption', { period })}
              />
            </div>
          </>
        ) : null}
      </div>
    </section>
  );
}
