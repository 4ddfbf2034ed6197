import { cashFlowReport } from '@backline/contract/reports/cash-flow';
import type { PeriodRange } from '@/lib/period-range';
import { endpointQueryOptions, useReportQuery } from '@/lib/queries';

export type CashFlowFilters = PeriodRange & { idAgent: number; isCurrencyReport: boolean };

export const cashFlowQueryOptions = (filters: CashFlowFilters) =>
  endpointQueryOptions(['cash-flow', filters], cashFlowReport, { body: filters });

export const useCashFlow = (filters: CashFlowFilters) =>
  useReportQuery(cashFlowQueryOptions(filters));
