import type { BodyOf } from '@backline/contract/core/endpoint';
import { getAlerts, getAlertSettings, setAlertSettings } from '@backline/contract/calls/alerts';
import type { AlertKind } from '@backline/contract/calls/alerts';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import type { PeriodRange } from '@/lib/period-range';
import { endpointQueryOptions, useChange, useReportQuery } from '@/lib/queries';

/** An agent's alert settings: its own, those in force and whose they are. */
export const useAlertSettings = (idAgent: number) =>
  useQuery(
    endpointQueryOptions(['alert-settings', idAgent], getAlertSettings, { body: { idAgent } }),
  );

/** Saving one agent's settings changes what every agent below it inherits. */
export const useSetAlertSettings = () =>
  useChange(
    (input: BodyOf<typeof setAlertSettings>) => apiCall(setAlertSettings, { body: input }),
    ['alert-settings'],
  );

export type AlertLogFilters = PeriodRange & {
  idAgent: number;
  kind: AlertKind | undefined;
  page: number;
  pageSize: number;
};

export const useAlertLog = (filters: AlertLogFilters) =>
  useReportQuery(endpointQueryOptions(['alerts', filters], getAlerts, { body: filters }));
