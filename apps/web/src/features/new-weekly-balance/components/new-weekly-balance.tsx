import type { NewWeeklyBalanceResponse } from '@backline/contract/reports/new-weekly-balance';
import { WEEK_PERIODS } from '@backline/contract/core/enums';
import { addDays, computePeriod } from '@backline/contract/core/periods';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConversionNote } from '@/components/currency/conversion-note';
import { DailyTransactionsDialog } from '@/components/daily-transactions/daily-transactions-dialog';
import { ExportButton } from '@/components/export/export-button';
import { AgentSelect } from '@/components/ui/agent-select';
import { CheckField } from '@/components/ui/check-field';
import { PeriodPicker } from '@/components/ui/period-picker';
import { FilterPanel } from '@/components/ui/filter-panel';
import { QueryState } from '@/components/ui/query-state';
import { ReportPage } from '@/components/ui/report-page';
import { formatDayRange, useLocale } from '@/lib/format';
import { useAgentStore } from '@/stores/agent-store';
import { useNewWeeklyBalance } from '../api/get-new-weekly-balance';
import { OPEN_BLOCKS_UP_TO } from '../utils/columns';
import { AgentBlock } from './agent-block';
import { BlockTable, type OpenDay } from './block-table';
import { useNewWeeklyBalanceFilters } from './use-new-weekly-balance-filters';
import { WeekCharts } from './week-charts';
import './new-weekly-balance.css';

// Which blocks the agent opened or closed, over the default for the number of blocks.
type Toggled = ReadonlyMap<number, boolean>;

export function NewWeeklyBalance() {
  const { t } = useTranslation();
  const locale = useLocale();
  const titleId = useId();
  const subAgents = useAgentStore((s) => s.subAgents);
  const timeZone = useAgentStore((s) => s.site?.TimeZone ?? 'UTC');
  const [filters, setFilters] = useNewWeeklyBalanceFilters();
  const [toggled, setToggled] = useState<Toggled>(new Map());
  const [openDay, setOpenDay] = useState<OpenDay | null>(null);
  const query = useNewWeeklyBalance(filters);
  const report = query.data;

  const week = report ?? computePeriod(filters.period, new Date(), timeZone);
  const weekText = formatDayRange(week.StartDate, week.EndDate, locale);
  const openByDefault = (report?.Blocks.length ?? 0) <= OPEN_BLOCKS_UP_TO;
  const isOpen = (idAgent: number) => toggled.get(idAgent) ?? openByDefault;
  const setAll = (open: boolean, r: NewWeeklyBalanceResponse) =>
    setToggled(new Map(r.Blocks.map((b) => [b.IdAgent, open])));
  const players = report?.Blocks.reduce((n, b) => n + b.Players.length, 0) ?? 0;

  return (
    <ReportPage
      title={t('newWeeklyBalance.title')}
      period={
        <>
          <span className="visually-hidden">{t('weeklyBalance.week')}: </span>
          <time dateTime={week.StartDate}>{weekText}</time>
        </>
      }
      count={report && t('newWeeklyBalance.summary', { agents: report.Blocks.length, players })}
      tools={<ExportButton target={{ report: 'newWeeklyBalance', filters }} />}
      filters={
        <FilterPanel className="filters--flow">
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
          <div className="filters__checks">
            <CheckField
              label={t('filters.activeOnly')}
              checked={filters.activeOnly}
              onChange={(activeOnly) => setFilters({ activeOnly })}
            />
            <CheckField
              label={t('filters.withBalanceOnly')}
              checked={filters.withBalanceOnly}
              onChange={(withBalanceOnly) => setFilters({ withBalanceOnly })}
            />
            <CheckField
              label={t('currency.inOneCurrency')}
              checked={filters.isCurrencyReport}
              onChange={(isCurrencyReport) => setFilters({ isCurrencyReport })}
            />
          </div>
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
        loading={t('newWeeklyBalance.loading')}
        empty={t('newWeeklyBalance.empty')}
        isEmpty={(r) => r.Blocks.length === 0}
      >
        {(report) => (
          <>
            <ConversionNote conversion={report.Conversion} />
            <WeekCharts report={report} locale={locale} />
            <div className="nwb-toolbar">
              <button type="button" className="button" onClick={() => setAll(true, report)}>
                {t('newWeeklyBalance.expandAll')}
              </button>
              <button type="button" className="button" onClick={() => setAll(false, report)}>
                {t('newWeeklyBalance.collapseAll')}
              </button>
            </div>
            <div className="table-frame nwb-blocks">
              {query.isFetching && <span className="refresh-bar" aria-hidden="true" />}
              {report.Blocks.map((block) => (
                <AgentBlock
                  key={block.IdAgent}
                  block={block}
                  hasAgentsBelow={report.Blocks.some((b) => b.IdParent === block.IdAgent)}
                  startDate={report.StartDate}
                  expanded={isOpen(block.IdAgent)}
                  onToggle={() =>
                    setToggled((m) => new Map(m).set(block.IdAgent, !isOpen(block.IdAgent)))
                  }
                  locale={locale}
                  onOpenDay={setOpenDay}
                />
              ))}
            </div>
            <section className="nwb-grand" aria-labelledby={`${titleId}-grand`}>
              <h2 id={`${titleId}-grand`} className="nwb-grand__title">
                {t('newWeeklyBalance.grandTotals')}
              </h2>
              <BlockTable
                caption={t('newWeeklyBalance.grandCaption', {
                  agent: report.Agent,
                  week: weekText,
                })}
                startDate={report.StartDate}
                players={[]}
                totals={report.Totals}
                totalsLabel={t('weeklyBalance.totals')}
                locale={locale}
                onOpenDay={setOpenDay}
              />
            </section>
          </>
        )}
      </QueryState>
    </ReportPage>
  );
}
