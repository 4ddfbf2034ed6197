import { useDeferredValue, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConversionNote } from '@/components/currency/conversion-note';
import { useMoneyRanking } from '@/components/currency/money-ranking';
import { ExportButton } from '@/components/export/export-button';
import { AgentSelect } from '@/components/ui/agent-select';
import { CheckField } from '@/components/ui/check-field';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { TableSkeleton } from '@/components/ui/table-skeleton';
import { FilterPanel } from '@/components/ui/filter-panel';
import { useErrorMessage } from '@/lib/errors';
import { formatDayRange, useLocale } from '@/lib/format';
import { useAgentStore } from '@/stores/agent-store';
import { usePlayerStanding } from '../api/get-player-standing';
import { filterRows, nextSort, sortRows, type Sort } from '../utils/standing-rows';
import { StandingTable } from './standing-table';
import { usePlayerStandingFilters } from './use-player-standing-filters';
import '@/components/ui/report.css';
import { SiteZone } from '@/components/ui/site-zone';
import './player-standing.css';

export function PlayerStanding() {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  const errorMessage = useErrorMessage();
  const subAgents = useAgentStore((s) => s.subAgents);
  const [filters, setFilters] = usePlayerStandingFilters();
  const { search, ...request } = filters;
  const deferredSearch = useDeferredValue(search);
  const [sort, setSort] = useState<Sort | null>(null);
  const query = usePlayerStanding(request);
  const report = query.data;
  const ranking = useMoneyRanking();
  const rows = useMemo(
    () =>
      report ? sortRows(filterRows(report.Rows, deferredSearch), sort, locale, ranking.value) : [],
    [report, deferredSearch, sort, locale, ranking],
  );
  // Sorted by a figure across currencies: ranked in the site's currency, and said so.
  const rankedIn =
    report && !report.Conversion && sort && sort.key !== 'Player' && sort.key !== 'Agent'
      ? ranking.conversion(report.Rows.map((r) => r.Currency))
      : null;

  return (
    <section className="report" aria-labelledby={`${id}-title`}>
      <header className="report__header">
        <div>
          <h1 id={`${id}-title`} className="report__title">
            {t('playerStanding.title')}
          </h1>
          {report && (
            <p className="report__period">
              {t('playerStanding.weekNote', {
                week: formatDayRange(report.StartDate, report.EndDate, locale),
              })}
              <SiteZone />
            </p>
          )}
        </div>
        <div className="report__tools">
          {report && (
            <p className="report__count" aria-live="polite">
              {rows.length === report.Rows.length
                ? t('weeklyBalance.playerCount', { count: report.Rows.length })
                : t('weeklyBalance.matchCount', { count: rows.length, total: report.Rows.length })}
            </p>
          )}
          <ExportButton
            target={{
              report: 'playerStanding',
              filters: { ...request, search: deferredSearch.trim() || undefined },
            }}
          />
        </div>
      </header>

      <FilterPanel className="filters--flow">
        <AgentSelect
          agents={subAgents}
          value={request.idAgent}
          onChange={(idAgent) => setFilters({ idAgent })}
        />
        <div className="field field--grow">
          <label htmlFor={`${id}-search`}>{t('weeklyBalance.search')}</label>
          <input
            id={`${id}-search`}
            type="search"
            value={search}
            maxLength={64}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => setFilters({ search: e.target.value })}
          />
        </div>
        <div className="filters__checks">
          <CheckField
            label={t('filters.activeOnly')}
            checked={request.activeOnly}
            onChange={(activeOnly) => setFilters({ activeOnly })}
          />
          <CheckField
            label={t('currency.inOneCurrency')}
            checked={request.isCurrencyReport}
            onChange={(isCurrencyReport) => setFilters({ isCurrencyReport })}
          />
        </div>
      </FilterPanel>

      <div className="report__body" aria-busy={query.isFetching}>
        {query.isPending ? (
          <TableSkeleton label={t('playerStanding.loading')} />
        ) : query.isError && !report ? (
          <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
        ) : report && report.Rows.length === 0 ? (
          <EmptyState message={t('playerStanding.empty')} />
        ) : report ? (
          <>
            {query.isError && (
              <ErrorState
                message={errorMessage(query.error)}
                onRetry={() => void query.refetch()}
              />
            )}
            <ConversionNote conversion={report.Conversion} />
            <ConversionNote conversion={rankedIn} kind="ranked" />
            {rows.length === 0 && (
              <EmptyState message={t('weeklyBalance.noMatch', { search: deferredSearch.trim() })} />
            )}
            <div className="table-frame">
              {query.isFetching && <span className="refresh-bar" aria-hidden="true" />}
              <StandingTable
                report={report}
                rows={rows}
                sort={sort}
                onSort={(key) => setSort((current) => nextSort(current, key))}
                locale={locale}
                caption={t('playerStanding.caption')}
              />
            </div>
          </>
        ) : null}
      </div>
    </section>
  );
}
