// The export's names, formats and route, apart from the reports' filter schemas: the web imports
// this file to call the export without loading every report's schemas (or the union of them).
import { z } from 'zod';
import { oneOf } from '../core/enums.ts';

import { EXPORT_REPORTS } from '../report-names.ts';

export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export const ExportFormat = z.enum(EXPORT_FORMATS, { error: 'must be xlsx or csv' });
export type ExportFormat = z.infer<typeof ExportFormat>;

export const ExportReportName = oneOf(EXPORT_REPORTS);

/** The media type of each format; the file name comes in Content-Disposition. */
export const EXPORT_MEDIA_TYPES: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/** The most data rows one export holds: what fits on one sheet beside the title and totals. */
export const EXPORT_MAX_ROWS = 1_000_000;

/** Where the export is called; the endpoint in export.ts adds its body and response schemas. */
export const EXPORT_ROUTE = {
  method: 'POST',
  base: 'reports',
  path: 'AgentSiteFrames/Export',
  audience: 'agent',
} as const;
