// The alert settings and log calls (contract calls/alerts.ts).
import type { FastifyInstance } from 'fastify';
import { api } from '@backline/contract';
import type { Config } from '../config.ts';
import { route } from '../http/route.ts';
import type { AlertsService } from './alerts-service.ts';

export function alertsRoutes(app: FastifyInstance, config: Config, alerts: AlertsService): void {
  route(app, config, api.getAlertSettings, ({ auth, body }) => alerts.settings(auth, body));
  route(app, config, api.setAlertSettings, ({ auth, body, request }) =>
    alerts.setSettings(auth, body, String(request.id)),
  );
  route(app, config, api.getAlerts, ({ auth, body }) => alerts.alerts(auth, body));
}
