// Starts a report's file download in the browser itself: the client asks the server for a one-time
// ticket (the session goes in the Token header, as on every call) and follows a link to the
// ticket's URL, so the browser's own download shows progress and writes the file to disk while
// the server streams it. No session token ever goes in a URL.
import type { ExportRequest } from '@backline/contract/calls/export';
import type { ExportFormat } from '@backline/contract/calls/export-route';
import {
  exportDownload,
  exportTicket as exportTicketEndpoint,
} from '@backline/contract/calls/export-ticket';
import type { Language } from '@backline/contract/core/enums';
import { apiCall, buildUrl } from '@/lib/api-client';

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

/** Follows a link the way a person would, so the browser downloads it as a file of its own. */
function follow(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  // Same origin: a download, never a navigation away from the app; the server names the file.
  link.download = '';
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}

/** Asks for the ticket (every refusal answers here) and hands its URL to the browser. */
export async function startExport(request: ExportRequest): Promise<StartedExport> {
  const ticket = await apiCall(exportTicketEndpoint, { body: request });
  follow(buildUrl(exportDownload, { exportTicket: ticket.Ticket }));
  return { idExport: ticket.IdExport, expiresAt: ticket.ExpiresAt };
}
