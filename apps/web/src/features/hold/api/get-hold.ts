import type { ResponseOf } from '@backline/contract/core/endpoint';
import type { Sport } from '@backline/contract/core/enums';
import { getHold, type HoldGroup } from '@backline/contract/reports/hold';
import type { PeriodRange } from '@/lib/period-range';
import { endpointQueryOptions, useReportQuery } from '@/lib/queries';

export type HoldFilters = PeriodRange & { idAgent: number; groupBy: HoldGroup; sport?: Sport };
export type HoldReport = ResponseOf<typeof getHold>;

export const holdQueryOptions = (filters: HoldFilters) =>
  endpointQueryOptions(['hold', filters], getHold, { body: filters });

export const useHold = (filters: HoldFilters) => useReportQuery(holdQueryOptions(filters));
