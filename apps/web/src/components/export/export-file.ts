// What a screen exports: a report with its filters, made a request once the format and language
// are chosen. Starting it is export-start.ts, loaded on the first export.
import type { ExportRequest } from '@backline/contract/calls/export';
import type { ExportFormat } from '@backline/contract/calls/export-route';
import type { Language } from '@backline/contract/core/enums';

/** A report with its filters: what a screen exports, before the format and language are chosen. */
export type ExportTarget = ExportRequest extends infer R
  ? R extends ExportRequest
    ? Omit<R, 'format' | 'language'>
    : never
  : never;

export function requestOf(
  target: ExportTarget,
  format: ExportFormat,
  language: Language,
): ExportRequest {
  // Each member of the union keeps its own report and filters; only the two fields are added.
  return { ...target, format, language } as ExportRequest;
}

export interface StartedExport {
  idExport: number;
  /** After this the ticket is void: a download the browser has not begun by then never will. */
  expiresAt: string;
}
