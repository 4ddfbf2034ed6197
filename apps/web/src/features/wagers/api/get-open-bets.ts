import { getOpenBets } from '@backline/contract/reports/wagers';
import { endpointQueryOptions, useReportQuery } from '@/lib/queries';
import type { WagerListFilters } from '../utils/filters';

export const openBetsQueryOptions = (filters: WagerListFilters) =>
  endpointQueryOptions(['wagers', 'open', filters], getOpenBets, { query: filters });

/** The page being left stays (with a progress bar) until the next one arrives. */
export const useOpenBets = (filters: WagerListFilters, enabled = true) =>
  useReportQuery(openBetsQueryOptions(filters), enabled);
