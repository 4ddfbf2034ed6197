import { getOpenBetsReport } from '@backline/contract/reports/wagers';
import { endpointQueryOptions, useReportQuery } from '@/lib/queries';
import type { WagerListFilters } from '../utils/filters';

/** The summary ignores paging and sorting: only the filters that narrow the set. */
export type OpenBetsReportFilters = Omit<WagerListFilters, 'page' | 'pageSize' | 'sort' | 'dir'>;

export const openBetsReportQueryOptions = (filters: OpenBetsReportFilters) =>
  endpointQueryOptions(['wagers', 'open-summary', filters], getOpenBetsReport, { query: filters });

export const useOpenBetsReport = (filters: OpenBetsReportFilters) =>
  useReportQuery(openBetsReportQueryOptions(filters));
