// Starts a report's file download in the browser itself: the client asks the server for a one-time
// ticket (the session goes in the Token header, as on every call) and follows a link to the
// ticket's URL, so the browser's own download shows progress and writes the file to disk while
// the server streams it. No session token ever goes in a URL. Loaded when an export starts: the
// ticket's schema is every report's request, which no screen needs before that.
import type { ExportRequest } from '@backline/contract/calls/export';
import { exportTicket } from '@backline/contract/calls/export-start';
import { exportDownload } from '@backline/contract/calls/export-ticket';
import { apiCall, buildUrl } from '@/lib/api-client';
import type { StartedExport } from './export-file';

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
  const ticket = await apiCall(exportTicket, { body: request });
  follow(buildUrl(exportDownload, { exportTicket: ticket.Ticket }));
  return { idExport: ticket.IdExport, expiresAt: ticket.ExpiresAt };
}
