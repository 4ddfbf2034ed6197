import { getMasterSheet } from '@backline/contract/reports/master-sheet';
import type { IsoDate } from '@backline/contract/core/periods';
import { endpointQueryOptions, useReportQuery } from '@/lib/queries';

/** Whose sheet and which week; no week: the server's, the latest week that has ended. */
export interface MasterSheetFilters {
  idAgent: number;
  week?: IsoDate;
}

export function masterSheetQueryOptions(filters: MasterSheetFilters) {
  return endpointQueryOptions(['master-sheet', filters], getMasterSheet, { body: filters });
}

export const useMasterSheet = (filters: MasterSheetFilters) =>
  useReportQuery(masterSheetQueryOptions(filters));
