import { WeeklyBalancePageRequest } from '@backline/contract/reports/weekly-balance';
import { WEEK_PERIODS } from '@backline/contract/core/enums';
import { addDays, computePeriod } from '@backline/contract/core/periods';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConversionNote } from '@/components/currency/conversion-note';
import { DailyTransactionsDialog } from '@/components/daily-transactions/daily-transactions-dialog';
import { ExportButton } from '@/components/export/export-button';
import { AgentSelect } from '@/components/ui/agent-select';
import { Pager, pageCount } from '@/components/ui/pager';
import { PeriodPicker } from '@/components/ui/period-picker';
import { QueryState } from '@/components/ui/query-state';
import { ReportPage } from '@/components/ui/report-page';
import { EmptyState } from '@/components/ui/states';
import { FilterPanel } from '@/components/ui/filter-panel';
import { formatDayRange, useLocale } from '@/lib/format';
import { useAgentStore } from '@/stores/agent-store';
import { useWeeklyBalance } from '../api/get-weekly-balance';
import { nextSort } from '../utils/filters';
import { useWeeklyBalanceFilters } from './use-weekly-balance-filters';
import type { OpenDay } from './player-row';
import { SearchField } from './search-field';
import { WeeklyBalanceTable } from './weekly-balance-table';
import '@/components/ui/report-extras.css';
import './weekly-balance.css';

const SEARCH_MAX = WeeklyBalancePageRequest.shape.search.out.unwrap().maxLength ?? 100;

export function WeeklyBalance() {
  const { t } = useTranslation();
  const locale = useLocale();
  const subAgents = useAgentStore((s) => s.subAgents);
  const timeZone = useAgentStore((s) => s.site?.TimeZone ?? 'UTC');
  const [state, update] = useWeeklyBalanceFilters();
  const [openDay, setOpenDay] = useState<OpenDay | null>(null);
  const query = useWeeklyBalance(state);
  const report = query.data;
  const onSearch = useCallback((search: string) => update({ search }, { replace: true }), [update]);

  // A page past the end (fewer players since the link was made): go to the last one instead.
  const lastPage = report ? pageCount(report.TotalRows, state.pageSize) : 1;
  const pastTheEnd = !!report && !query.isPlaceholderData && state.page > lastPage;
  useEffect(() => {
    if (pastTheEnd) update({ page: lastPage }, { replace: true });
  }, [pastTheEnd, lastPage, update]);

  // The week is known before the server answers, so the heading never waits for the table.
  const week = report ?? computePeriod(state.period, new Date(), timeZone);
  const weekText = formatDayRange(week.StartDate, week.EndDate, locale);
  // Totals cover the whole week whatever the search, so they also count its players.
  const players = report?.Totals.reduce((sum, total) => sum + total.Players, 0) ?? 0;

  return (
    <ReportPage
      title={t('weeklyBalance.title')}
      period={
        <>
          <span className="visually-hidden">{t('weeklyBalance.week')}: </span>
          <time dateTime={week.StartDate}>{weekText}</time>
        </>
      }
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
          <PeriodPicker
            periods={WEEK_PERIODS}
            value={state.period}
            onChange={(period) => update({ period })}
          />
          <AgentSelect
            agents={subAgents}
            value={state.idAgent}
            onChange={(idAgent) => update({ idAgent })}
          />
          <SearchField
            label={t('weeklyBalance.search')}
            value={state.search}
            onSearch={onSearch}
            maxLength={SEARCH_MAX}
          />
        </FilterPanel>
      }
      busy={query.isFetching}
      after={
        openDay && (
          <DailyTransactionsDialog
            row={openDay.row}
            date={addDays(week.StartDate, openDay.dayIndex)}
            locale={locale}
            onClose={() => setOpenDay(null)}
          />
        )
      }
    >
      <QueryState
        query={query}
        loading={t('weeklyBalance.loading')}
        empty={t('weeklyBalance.empty')}
        isEmpty={() => players === 0}
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
                onOpenDay={setOpenDay}
                locale={locale}
                caption={t('weeklyBalance.caption', { agent: report.Agent, week: weekText })}
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
      </QueryState>
    </ReportPage>
  );
}
