import { getPlayerPayments } from '@backline/contract/reports/player-payment';
import type { ResponseOf } from '@backline/contract/core/endpoint';
import type { PeriodRange } from '@/lib/period-range';
import { endpointQueryOptions, useReportQuery } from '@/lib/queries';

export type PlayerPaymentsFilters = PeriodRange & { idAgent: number };
export type PlayerPaymentsResponse = ResponseOf<typeof getPlayerPayments>;

export const playerPaymentsQueryOptions = (filters: PlayerPaymentsFilters) =>
  endpointQueryOptions(['player-payment', filters], getPlayerPayments, { body: filters });

export const usePlayerPayments = (filters: PlayerPaymentsFilters) =>
  useReportQuery(playerPaymentsQueryOptions(filters));
