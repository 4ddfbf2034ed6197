// The filters of a report on one agent over a period: a range (or a week) and the agent, the
// screen's own fields after them.
import { WEEK_PERIODS } from '@backline/contract/core/enums';
import type { ReactNode } from 'react';
import type { PeriodAgentChange } from '@/lib/period-agent-state';
import { periodRangeParams, type PeriodRange } from '@/lib/period-range';
import { AgentSelect } from './agent-select';
import { FilterPanel } from './filter-panel';
import { PeriodPicker } from './period-picker';
import { PeriodRangePicker } from './period-range-picker';

interface PeriodAgentFiltersProps {
  range: PeriodRange;
  idAgent: number;
  onChange: (change: PeriodAgentChange) => void;
  children?: ReactNode;
}

export function PeriodAgentFilters({
  range,
  idAgent,
  onChange,
  children,
}: PeriodAgentFiltersProps) {
  return (
    <FilterPanel className="filters--flow">
      <PeriodRangePicker value={range} onChange={(r) => onChange(periodRangeParams(r))} />
      <AgentSelect value={idAgent} onChange={(v) => onChange({ idAgent: v })} />
      {children}
    </FilterPanel>
  );
}

interface WeekAgentFieldsProps {
  period: number;
  idAgent: number;
  onChange: (change: { period: number } | { idAgent: number }) => void;
}

/** A weekly report's week (one of the week periods) and agent, inside its FilterPanel. */
export function WeekAgentFields({ period, idAgent, onChange }: WeekAgentFieldsProps) {
  return (
    <>
      <PeriodPicker
        periods={WEEK_PERIODS}
        value={period}
        onChange={(p) => onChange({ period: p })}
      />
      <AgentSelect value={idAgent} onChange={(v) => onChange({ idAgent: v })} />
    </>
  );
}
