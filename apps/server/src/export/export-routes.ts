import type { FastifyInstance } from 'fastify';
import { api, ErrorBody } from '@backline/contract';
import type { Config } from '../config.ts';
import { UnauthorizedError } from '../errors.ts';
import { contentDisposition, fileRoute, route, urlOf } from '../http/route.ts';
import type { ExportService } from './export-service.ts';
import type { ExportTickets } from './export-tickets-service.ts';

export function exportRoutes(
  app: FastifyInstance,
  config: Config,
  service: ExportService,
  tickets: ExportTickets,
): void {
  fileRoute(app, config, api.exportReport, ({ auth, body, request }) =>
    service.exportFile(auth, body, request.log),
  );
  route(app, config, api.exportTicket, ({ auth, body }) => tickets.issue(auth, body));
  route(app, config, api.getExportProgress, ({ auth, query }) =>
    tickets.progress(auth, query.idExport),
  );
  route(app, config, api.exportCancel, ({ auth, body }) => tickets.cancel(auth, body.idExport));

  // The browser downloads this by itself, so no Token header comes: the ticket in the path is
  // the credential. A Token sent along must be the ticket's own session. The ticket is the path's
  // rest (a wildcard, so an overlong one meets the contract's refusal, not the router's 414).
  const e = api.exportDownload;
  app.route({
    method: e.method,
    url: urlOf(config, e).replace(/\{\w+\}$/, '*'),
    // Rows go out as they are written (the browser shows progress); an .xlsx is a zip already.
    compress: false,
    schema: {
      summary: e.summary,
      tags: [e.base],
      response: { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 429: ErrorBody },
    },
    handler: async (request, reply) => {
      const parsed = e.query!.safeParse({ exportTicket: (request.params as { '*': string })['*'] });
      if (!parsed.success || parsed.data.exportTicket.includes('/')) {
        throw new UnauthorizedError('export_ticket_invalid');
      }
      const { exportTicket } = parsed.data;
      const presenter = request.headers.authorization
        ? await app.authenticate(request).catch(() => {
            throw new UnauthorizedError('export_ticket_other_session');
          })
        : null;
      const file = await tickets.download(exportTicket, presenter, request.log);
      return reply
        .type(file.contentType)
        .header('content-disposition', contentDisposition(file.fileName))
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .header('x-accel-buffering', 'no')
        .send(file.body);
    },
  });
}
