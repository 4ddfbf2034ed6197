// An export downloaded by the browser itself: the client asks for a one-time ticket (its session in
// the Token header), then navigates to Export/{exportTicket}, so the browser's own download shows
// progress and writes to disk while the server streams the rows. The session token never travels
// in a URL; the ticket is single-use, lives a minute and is bound to the session that asked. The
// ticket's call is in export-start.ts: its body names every report's filters, and a screen loads it
// only when an export starts.
import { z } from 'zod';
import { endpoint, Id } from '../core/endpoint.ts';

export const EXPORT_TICKET_SECONDS = 60;

export const EXPORT_STATES = [
  'waiting',
  'running',
  'done',
  'failed',
  'cancelled',
  'stopped',
] as const;
/**
 * waiting: not downloaded yet; running: rows are being written; done: every row written; failed:
 * refused or broken off (Code says why); cancelled: by ExportCancel; stopped: the download went away.
 */
export const ExportState = z.enum(EXPORT_STATES);
export type ExportState = z.infer<typeof ExportState>;

export const ExportProgress = z.object({
  IdExport: z.number().int(),
  State: ExportState,
  /** Data rows written so far. */
  Rows: z.number().int(),
  /** Why a failed export failed: an error code, as error bodies carry. */
  Code: z.string().nullable(),
});
export type ExportProgress = z.infer<typeof ExportProgress>;

export const exportDownload = endpoint({
  method: 'GET',
  base: 'reports',
  path: 'AgentSiteFrames/Export/{exportTicket}',
  summary:
    'The file of an export ticket, streamed row by row as an attachment; authenticated by the ' +
    'ticket alone (a browser navigation), refused with 401 once used, expired, or when a Token of ' +
    'another session comes with it.',
  audience: 'agent',
  query: z.object({ exportTicket: z.string().max(128, 'is not an export ticket') }),
  /** The file's bytes; errors before the first byte answer with the usual error body. */
  response: z.string(),
});

export const getExportProgress = endpoint({
  method: 'GET',
  base: 'reports',
  path: 'AgentSiteFrames/ExportProgress',
  summary: 'How far an export of this session has got: its state and the rows written so far.',
  audience: 'agent',
  query: z.object({ idExport: Id }),
  response: ExportProgress,
});

export const exportCancel = endpoint({
  method: 'POST',
  base: 'reports',
  path: 'AgentSiteFrames/ExportCancel',
  summary: 'Stops an export of this session: its download breaks off and its ticket is spent.',
  audience: 'agent',
  body: z.object({ idExport: Id }),
  response: ExportProgress,
});
