// The ticket an export starts with (export-ticket.ts tells the rest): apart, as its body is every
// exportable report's request, which a screen loads only when its export button is pressed.
import { z } from 'zod';
import { endpoint, Timestamp } from '../core/endpoint.ts';
import { ExportRequest } from './export.ts';

export const exportTicket = endpoint({
  method: 'POST',
  base: 'reports',
  path: 'AgentSiteFrames/ExportTicket',
  summary:
    'A single-use ticket, valid 60 s, that downloads one export (the same body as Export) for this ' +
    'session at Export/{exportTicket}; IdExport follows its progress.',
  audience: 'agent',
  body: ExportRequest,
  response: z.object({ IdExport: z.number().int(), Ticket: z.string(), ExpiresAt: Timestamp }),
});
