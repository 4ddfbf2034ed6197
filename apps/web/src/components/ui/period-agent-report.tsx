// A report on one agent of the caller's subtree over a period (usePeriodAgentState's screens): the
// ReportPage whose heading says the days shown and whose filters start with the period and agent.
import type { PeriodResult } from '@backline/contract/core/periods';
import type { ReactNode } from 'react';
import type { PeriodAgentChange } from '@/lib/period-agent-state';
import type { PeriodRange } from '@/lib/period-range';
import { PeriodAgentFilters } from './period-agent-filters';
import { ReportPage, type FrameProps, type QueryBody } from './report-page';
import { ReportPeriod, useShownDays, type ShownDays } from './report-period';

type PageProps<T> = Omit<FrameProps, 'period' | 'filters'> & Omit<QueryBody<T>, 'children'>;

interface PeriodAgentReportProps<T extends PeriodResult> extends PageProps<T> {
  range: PeriodRange;
  idAgent: number;
  onChange: (change: PeriodAgentChange) => void;
  /** The screen's own filters, after the period and agent. */
  fields?: ReactNode;
  /** Above the filters (an entry form, settings) and below them (tabs). */
  above?: ReactNode;
  below?: ReactNode;
  children: (data: T, days: ShownDays) => ReactNode;
}

export function PeriodAgentReport<T extends PeriodResult>(props: PeriodAgentReportProps<T>) {
  const { range, idAgent, onChange, fields, above, below, children, ...page } = props;
  const days = useShownDays(range, page.query.data);
  return (
    <ReportPage<T>
      {...page}
      period={<ReportPeriod days={days} />}
      filters={
        <>
          {above}
          <PeriodAgentFilters range={range} idAgent={idAgent} onChange={onChange}>
            {fields}
          </PeriodAgentFilters>
          {below}
        </>
      }
    >
      {(data: T) => children(data, days)}
    </ReportPage>
  );
}
