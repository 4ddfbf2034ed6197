import type { FastifyInstance } from 'fastify';
import { api } from '@backline/contract';
import type { Config } from '../config.ts';
import { fileRoute } from '../http/route.ts';
import type { ExportService } from './export-service.ts';

export function exportRoutes(app: FastifyInstance, config: Config, service: ExportService): void {
  fileRoute(app, config, api.exportReport, ({ auth, body, request }) =>
    service.exportFile(auth!, body, request.log),
  );
}
