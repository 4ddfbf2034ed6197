import type { ResponseOf } from '@backline/contract/core/endpoint';
import { getSharedDevices, type SharedKind } from '@backline/contract/reports/shared-devices';
import type { PeriodRange } from '@/lib/period-range';
import { endpointQueryOptions, useReportQuery } from '@/lib/queries';

export type SharedDevicesFilters = PeriodRange & { idAgent: number; kind?: SharedKind };
export type SharedDevicesReport = ResponseOf<typeof getSharedDevices>;

export const sharedDevicesQueryOptions = (filters: SharedDevicesFilters) =>
  endpointQueryOptions(['shared-devices', filters], getSharedDevices, { body: filters });

export const useSharedDevices = (filters: SharedDevicesFilters) =>
  useReportQuery(sharedDevicesQueryOptions(filters));
