import { useDeferredValue, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConversionNote } from '@/components/currency/conversion-note';
import { useMoneyRanking } from '@/components/currency/money-ranking';
import { ExportButton } from '@/components/export/export-button';
import { AgentSelect } from '@/components/ui/agent-select';
import { CheckField } from '@/components/ui/check-field';
import { QueryState } from '@/components/ui/query-state';
import { ReportPage } from '@/components/ui/report-page';
import { EmptyState } from '@/components/ui/states';
import { FilterPanel } from '@/components/ui/filter-panel';
import { formatDayRange, useLocale } from '@/lib/format';
import { useAgentStore } from '@/stores/agent-store';
import { usePlayerStanding } from '../api/get-player-standing';
import { filterRows, sortRows, type Sort, type SortKey } from '../utils/standing-rows';
import { StandingTable } from './standing-table';
import { usePlayerStandingFilters } from './use-player-standing-filters';
import './player-standing.css';

export function PlayerStanding() {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
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
    <ReportPage
      title={t('playerStanding.title')}
      period={
        report &&
        t('playerStanding.weekNote', {
          week: formatDayRange(report.StartDate, report.EndDate, locale),
        })
      }
      count={
        report &&
        (rows.length === report.Rows.length
          ? t('weeklyBalance.playerCount', { count: report.Rows.length })
          : t('weeklyBalance.matchCount', { count: rows.length, total: report.Rows.length }))
      }
      tools={
        <ExportButton
          target={{
            report: 'playerStanding',
            filters: { ...request, search: deferredSearch.trim() || undefined },
          }}
        />
      }
      filters={
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
      }
      busy={query.isFetching}
    >
      <QueryState
        query={query}
        loading={t('playerStanding.loading')}
        empty={t('playerStanding.empty')}
        isEmpty={(r) => r.Rows.length === 0}
      >
        {(report) => (
          <>
            <ConversionNote conversion={report.Conversion} />
            <ConversionNote conversion={rankedIn} kind="ranked" />
            {rows.length === 0 && (
              <EmptyState message={t('weeklyBalance.noMatch', { search: deferredSearch.trim() })} />
            )}
            <StandingTable
              report={report}
              rows={rows}
              sort={sort && { id: sort.key, desc: sort.dir === 'desc' }}
              onSort={(next) =>
                setSort({
                  key: next.id as SortKey,
                  dir: next.desc ? 'desc' : 'asc',
                })
              }
              locale={locale}
              caption={t('playerStanding.caption')}
              fetching={query.isFetching}
            />
          </>
        )}
      </QueryState>
    </ReportPage>
  );
}
