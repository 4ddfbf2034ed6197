import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ExportButton } from '@/components/export/export-button';
import { PlayerPicker } from '@/components/player-picker/player-picker';
import { Money } from '@/components/ui/money-cell';
import { PeriodRangePicker } from '@/components/ui/period-range-picker';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { TableSkeleton } from '@/components/ui/table-skeleton';
import { FilterPanel } from '@/components/ui/filter-panel';
import { paths } from '@/config/paths';
import { useErrorMessage } from '@/lib/errors';
import { formatDayRange, useLocale } from '@/lib/format';
import { resolvePeriodRange } from '@/lib/period-range';
import { useAgentStore } from '@/stores/agent-store';
import { usePlayerHistory } from '../api/get-player-history';
import { HistoryTable } from './history-table';
import { TypeSelect } from './type-select';
import { TypeTotals } from './type-totals';
import { usePlayerHistoryFilters } from './use-player-history-filters';
import '@/components/ui/report.css';
import { SiteZone } from '@/components/ui/site-zone';
import './player-history.css';

export function PlayerHistory() {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  const errorMessage = useErrorMessage();
  const timeZone = useAgentStore((s) => s.site?.TimeZone ?? 'UTC');
  const [filters, set] = usePlayerHistoryFilters();
  const { idPlayer, range, transactionType } = filters;
  const query = usePlayerHistory(
    idPlayer === null ? null : { idPlayer, transactionType, ...range },
  );
  const report = query.data;
  const days = report ?? resolvePeriodRange(range, new Date(), timeZone);
  const periodText = formatDayRange(days.StartDate, days.EndDate, locale);
  const player = report?.Player;

  return (
    <section className="report" aria-labelledby={`${id}-title`}>
      <header className="report__header">
        <div>
          <h1 id={`${id}-title`} className="report__title">
            {t('playerHistory.title')}
            {player && (
              <span className="history-player">
                {' '}
                · {player.Player}
                {player.Name && player.Name !== player.Player && ` · ${player.Name}`}
              </span>
            )}
          </h1>
          <p className="report__period">
            {player && `${t('agents.label')} ${player.Agent} · ${player.Currency} · `}
            <time dateTime={days.StartDate}>{periodText}</time>
            <SiteZone />
          </p>
        </div>
        {idPlayer !== null && (
          <div className="report__tools">
            <Link className="button" to={paths.playerHistory}>
              {t('playerHistory.otherPlayer')}
            </Link>
            <ExportButton
              target={{
                report: 'playerHistory',
                filters: { idPlayer, transactionType, ...range },
              }}
            />
          </div>
        )}
      </header>

      {idPlayer === null ? (
        <div className="filters filters--picker">
          <PlayerPicker
            label={t('playerHistory.pickPlayer')}
            onPick={(p) => set.player(p.IdPlayer)}
            autoFocus
          />
        </div>
      ) : (
        <>
          <FilterPanel className="filters--flow">
            <PeriodRangePicker value={range} onChange={set.range} />
            <TypeSelect value={transactionType} onChange={set.transactionType} />
          </FilterPanel>

          <div className="report__body" aria-busy={query.isFetching}>
            {query.isPending ? (
              <TableSkeleton label={t('playerHistory.loading')} />
            ) : query.isError && !report ? (
              <ErrorState
                message={errorMessage(query.error)}
                onRetry={() => void query.refetch()}
              />
            ) : report ? (
              <>
                {query.isError && (
                  <ErrorState
                    message={errorMessage(query.error)}
                    onRetry={() => void query.refetch()}
                  />
                )}
                <dl className="stat-grid">
                  <div className="stat">
                    <dt className="stat__label">{t('playerHistory.opening')}</dt>
                    <dd className="stat__value">
                      <Money
                        minor={report.OpeningBalance}
                        currency={report.Player.Currency}
                        locale={locale}
                      />
                    </dd>
                  </div>
                  <div className="stat">
                    <dt className="stat__label">{t('playerHistory.closing')}</dt>
                    <dd className="stat__value">
                      <Money
                        minor={report.ClosingBalance}
                        currency={report.Player.Currency}
                        locale={locale}
                      />
                    </dd>
                  </div>
                </dl>
                {report.Rows.length === 0 ? (
                  <EmptyState message={t('playerHistory.empty')} />
                ) : (
                  <div className="table-frame">
                    {query.isFetching && <span className="refresh-bar" aria-hidden="true" />}
                    <HistoryTable
                      report={report}
                      locale={locale}
                      timeZone={timeZone}
                      caption={t('playerHistory.caption', {
                        player: report.Player.Player,
                        period: periodText,
                      })}
                    />
                  </div>
                )}
                {report.Totals.length > 0 && <TypeTotals report={report} locale={locale} />}
              </>
            ) : null}
          </div>
        </>
      )}
    </section>
  );
}
