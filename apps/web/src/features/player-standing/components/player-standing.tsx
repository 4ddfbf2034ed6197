import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConversionNote } from '@/components/currency/conversion-note';
import { useMoneyRanking } from '@/components/currency/money-ranking';
import { ExportButton } from '@/components/export/export-button';
import { AgentSelect } from '@/components/ui/agent-select';
import { FilterFlags } from '@/components/ui/check-field';
import { ReportPage } from '@/components/ui/report-page';
import { EmptyState } from '@/components/ui/states';
import { FilterPanel } from '@/components/ui/filter-panel';
import { SearchBox } from '@/components/ui/text-field';
import { formatDayRange, useLocale } from '@/lib/format';
import { usePlayerStanding } from '../api/get-player-standing';
import { filterRows, sortRows, type Sort, type SortKey } from '../utils/standing-rows';
import { StandingTable } from './standing-table';
import { usePlayerStandingFilters } from './use-player-standing-filters';
import './player-standing.css';

const FLAGS = { activeOnly: 'filters.activeOnly', isCurrencyReport: 'currency.inOneCurrency' };

export function PlayerStanding() {
  const { t } = useTranslation();
  const locale = useLocale();
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
      screen="playerStanding"
      query={query}
      isEmpty={(r) => r.Rows.length === 0}
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
          <AgentSelect value={request.idAgent} onChange={(idAgent) => setFilters({ idAgent })} />
          <SearchBox
            label={t('weeklyBalance.search')}
            value={search}
            maxLength={64}
            onText={(search) => setFilters({ search })}
            fieldClassName="field--grow"
          />
          <FilterFlags labels={FLAGS} values={request} onChange={setFilters} />
        </FilterPanel>
      }
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
    </ReportPage>
  );
}
