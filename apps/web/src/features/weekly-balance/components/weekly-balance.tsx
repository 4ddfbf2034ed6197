import { WEEK_PERIODS } from '@backline/contract/enums';
import { addDays, computePeriod } from '@backline/contract/periods';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DailyTransactionsDialog } from '@/components/daily-transactions/daily-transactions-dialog';
import { AgentSelect } from '@/components/ui/agent-select';
import { PeriodPicker } from '@/components/ui/period-picker';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { TableSkeleton } from '@/components/ui/table-skeleton';
import { useErrorMessage } from '@/lib/errors';
import { formatDayRange, useLocale } from '@/lib/format';
import { useAgentStore } from '@/stores/agent-store';
import { useWeeklyBalance } from '../api/get-weekly-balance';
import { filterRows, nextSort, sortRows, type Sort } from '../utils/rows';
import { useWeeklyBalanceFilters } from './use-weekly-balance-filters';
import type { OpenDay } from './player-row';
import { WeeklyBalanceTable } from './weekly-balance-table';
import '@/components/ui/report.css';
import './weekly-balance.css';

export function WeeklyBalance() {
  const { t } = useTranslation();
  const locale = useLocale();
  const searchId = useId();
  const errorMessage = useErrorMessage();
  const subAgents = useAgentStore((s) => s.subAgents);
  const timeZone = useAgentStore((s) => s.site?.TimeZone ?? 'UTC');
  const [filters, setFilters] = useWeeklyBalanceFilters();
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const [sort, setSort] = useState<Sort | null>(null);
  const [openDay, setOpenDay] = useState<OpenDay | null>(null);
  const query = useWeeklyBalance(filters);
  const report = query.data;

  const rows = useMemo(
    () => (report ? sortRows(filterRows(report.Rows, deferredSearch), sort, locale) : []),
    [report, deferredSearch, sort, locale],
  );
  // The week is known before the server answers, so the heading never waits for the table.
  const week = report ?? computePeriod(filters.period, new Date(), timeZone);
  const weekText = formatDayRange(week.StartDate, week.EndDate, locale);

  return (
    <section className="report" aria-labelledby={`${searchId}-title`}>
      <header className="report__header">
        <div>
          <h1 id={`${searchId}-title`} className="report__title">
            {t('weeklyBalance.title')}
          </h1>
          <p className="report__period">
            <span className="visually-hidden">{t('weeklyBalance.week')}: </span>
            <time dateTime={week.StartDate}>{weekText}</time>
          </p>
        </div>
        {report && (
          <p className="report__count" aria-live="polite">
            {rows.length === report.Rows.length
              ? t('weeklyBalance.playerCount', { count: report.Rows.length })
              : t('weeklyBalance.matchCount', { count: rows.length, total: report.Rows.length })}
          </p>
        )}
      </header>

      <div className="filters">
        <PeriodPicker
          periods={WEEK_PERIODS}
          value={filters.period}
          onChange={(period) => setFilters({ period })}
        />
        <AgentSelect
          agents={subAgents}
          value={filters.idAgent}
          onChange={(idAgent) => setFilters({ idAgent })}
        />
        <div className="field field--grow">
          <label htmlFor={searchId}>{t('weeklyBalance.search')}</label>
          <input
            id={searchId}
            type="search"
            value={search}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
      </div>

      <div className="report__body" aria-busy={query.isFetching}>
        {query.isPending ? (
          <TableSkeleton label={t('weeklyBalance.loading')} />
        ) : query.isError && !report ? (
          <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
        ) : report && report.Rows.length === 0 ? (
          <EmptyState message={t('weeklyBalance.empty')} />
        ) : report ? (
          <>
            {query.isError && (
              <ErrorState
                message={errorMessage(query.error)}
                onRetry={() => void query.refetch()}
              />
            )}
            {rows.length === 0 && (
              <EmptyState message={t('weeklyBalance.noMatch', { search: deferredSearch.trim() })} />
            )}
            <div className="table-frame">
              {query.isFetching && <span className="refresh-bar" aria-hidden="true" />}
              <WeeklyBalanceTable
                report={report}
                rows={rows}
                sort={sort}
                onSort={(key) => setSort((current) => nextSort(current, key))}
                onOpenDay={setOpenDay}
                locale={locale}
                caption={t('weeklyBalance.caption', { agent: report.Agent, week: weekText })}
              />
            </div>
          </>
        ) : null}
      </div>

      {openDay && (
        <DailyTransactionsDialog
          row={openDay.row}
          date={addDays(week.StartDate, openDay.dayIndex)}
          locale={locale}
          onClose={() => setOpenDay(null)}
        />
      )}
    </section>
  );
}
