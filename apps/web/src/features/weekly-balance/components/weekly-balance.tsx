import { WeeklyBalancePageRequest } from '@backline/contract/reports/weekly-balance';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ConversionNote } from '@/components/currency/conversion-note';
import { useOpenDay } from '@/components/daily-transactions/daily-transactions-dialog';
import { ExportButton } from '@/components/export/export-button';
import { Pager, pageCount } from '@/components/ui/pager';
import { WeekAgentFields } from '@/components/ui/period-agent-filters';
import { ReportPage } from '@/components/ui/report-page';
import { EmptyState } from '@/components/ui/states';
import { FilterPanel } from '@/components/ui/filter-panel';
import { ReportPeriod, useShownDays } from '@/components/ui/report-period';
import { useLocale } from '@/lib/format';
import { useWeeklyBalance } from '../api/get-weekly-balance';
import { nextSort } from '../utils/filters';
import { useWeeklyBalanceFilters } from './use-weekly-balance-filters';
import { SearchField } from '@/components/ui/search-field';
import { WeeklyBalanceTable } from './weekly-balance-table';
import '@/components/ui/report-extras.css';
import './weekly-balance.css';

const SEARCH_MAX = WeeklyBalancePageRequest.shape.search.out.unwrap().maxLength ?? 100;

export function WeeklyBalance() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [state, update] = useWeeklyBalanceFilters();
  const query = useWeeklyBalance(state);
  const report = query.data;
  const onSearch = useCallback((search: string) => update({ search }, { replace: true }), [update]);

  // A page past the end (fewer players since the link was made): go to the last one instead.
  const lastPage = report ? pageCount(report.TotalRows, state.pageSize) : 1;
  const pastTheEnd = !!report && !query.isPlaceholderData && state.page > lastPage;
  useEffect(() => {
    if (pastTheEnd) update({ page: lastPage }, { replace: true });
  }, [pastTheEnd, lastPage, update]);

  const week = useShownDays({ period: state.period }, report);
  const [dayDialog, openDay] = useOpenDay(week.StartDate, locale);
  // Totals cover the whole week whatever the search, so they also count its players.
  const players = report?.Totals.reduce((sum, total) => sum + total.Players, 0) ?? 0;

  return (
    <ReportPage
      screen="weeklyBalance"
      query={query}
      isEmpty={() => players === 0}
      period={<ReportPeriod days={week} week />}
      count={
        report &&
        (report.TotalRows === players
          ? t('weeklyBalance.playerCount', { count: players })
          : t('weeklyBalance.matchCount', { count: report.TotalRows, total: players }))
      }
      tools={
        <ExportButton
          target={{
            report: 'weeklyBalance',
            filters: { ...state, search: state.search || undefined },
          }}
        />
      }
      filters={
        <FilterPanel>
          <WeekAgentFields period={state.period} idAgent={state.idAgent} onChange={update} />
          <SearchField
            label={t('weeklyBalance.search')}
            value={state.search}
            onSearch={onSearch}
            maxLength={SEARCH_MAX}
          />
        </FilterPanel>
      }
      after={dayDialog}
    >
      {(report) => (
        <>
          {report.TotalRows === 0 && (
            <EmptyState message={t('weeklyBalance.noMatch', { search: state.search })} />
          )}
          <ConversionNote conversion={report.RankedIn} kind="ranked" />
          <div className="table-frame" data-stale={query.isPlaceholderData || undefined}>
            {query.isFetching && <span className="refresh-bar" aria-hidden="true" />}
            <WeeklyBalanceTable
              report={report}
              sort={state.sort}
              dir={state.dir}
              onSort={(key) => update(nextSort(state, key))}
              onOpenDay={openDay}
              locale={locale}
              caption={t('weeklyBalance.caption', { agent: report.Agent, week: week.text })}
            />
          </div>
          <Pager
            page={state.page}
            pageSize={state.pageSize}
            totalRows={report.TotalRows}
            locale={locale}
            onPage={(page) => update({ page })}
            onPageSize={(pageSize) => update({ pageSize })}
          />
        </>
      )}
    </ReportPage>
  );
}
