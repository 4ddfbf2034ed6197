import type { FastifyInstance } from 'fastify';
import { api } from '@backline/contract';
import type { Config } from '../config.ts';
import { route } from '../http/route.ts';
import type { CurrencyService } from './currency-service.ts';

export function currencyRoutes(
  app: FastifyInstance,
  config: Config,
  service: CurrencyService,
): void {
  route(app, config, api.getCurrency, ({ auth }) => service.list(auth));
}
