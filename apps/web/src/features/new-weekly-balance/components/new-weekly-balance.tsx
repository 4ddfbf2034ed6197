import type { NewWeeklyBalanceResponse } from '@backline/contract/reports/new-weekly-balance';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConversionNote } from '@/components/currency/conversion-note';
import { useOpenDay } from '@/components/daily-transactions/daily-transactions-dialog';
import { ExportButton } from '@/components/export/export-button';
import { FilterFlags } from '@/components/ui/check-field';
import { WeekAgentFields } from '@/components/ui/period-agent-filters';
import { FilterPanel } from '@/components/ui/filter-panel';
import { ReportPage } from '@/components/ui/report-page';
import { ReportPeriod, useShownDays } from '@/components/ui/report-period';
import { useLocale } from '@/lib/format';
import { useNewWeeklyBalance } from '../api/get-new-weekly-balance';
import { OPEN_BLOCKS_UP_TO } from '../utils/columns';
import { AgentBlock } from './agent-block';
import { BlockTable } from './block-table';
import { useNewWeeklyBalanceFilters } from './use-new-weekly-balance-filters';
import { WeekCharts } from './week-charts';
import './new-weekly-balance.css';

const FLAGS = {
  activeOnly: 'filters.activeOnly',
  withBalanceOnly: 'filters.withBalanceOnly',
  isCurrencyReport: 'currency.inOneCurrency',
};

// Which blocks the agent opened or closed, over the default for the number of blocks.
type Toggled = ReadonlyMap<number, boolean>;

export function NewWeeklyBalance() {
  const { t } = useTranslation();
  const locale = useLocale();
  const titleId = useId();
  const [filters, setFilters] = useNewWeeklyBalanceFilters();
  const [toggled, setToggled] = useState<Toggled>(new Map());
  const query = useNewWeeklyBalance(filters);
  const report = query.data;

  const week = useShownDays({ period: filters.period }, report);
  const [dayDialog, openDay] = useOpenDay(week.StartDate, locale);
  const openByDefault = (report?.Blocks.length ?? 0) <= OPEN_BLOCKS_UP_TO;
  const isOpen = (idAgent: number) => toggled.get(idAgent) ?? openByDefault;
  const setAll = (open: boolean, r: NewWeeklyBalanceResponse) =>
    setToggled(new Map(r.Blocks.map((b) => [b.IdAgent, open])));
  const players = report?.Blocks.reduce((n, b) => n + b.Players.length, 0) ?? 0;

  return (
    <ReportPage
      screen="newWeeklyBalance"
      query={query}
      isEmpty={(r) => r.Blocks.length === 0}
      period={<ReportPeriod days={week} week />}
      count={report && t('newWeeklyBalance.summary', { agents: report.Blocks.length, players })}
      tools={<ExportButton target={{ report: 'newWeeklyBalance', filters }} />}
      filters={
        <FilterPanel className="filters--flow">
          <WeekAgentFields
            period={filters.period}
            idAgent={filters.idAgent}
            onChange={setFilters}
          />
          <FilterFlags labels={FLAGS} values={filters} onChange={setFilters} />
        </FilterPanel>
      }
      after={dayDialog}
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
                onOpenDay={openDay}
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
                week: week.text,
              })}
              startDate={report.StartDate}
              players={[]}
              totals={report.Totals}
              totalsLabel={t('weeklyBalance.totals')}
              locale={locale}
              onOpenDay={openDay}
            />
          </section>
        </>
      )}
    </ReportPage>
  );
}
