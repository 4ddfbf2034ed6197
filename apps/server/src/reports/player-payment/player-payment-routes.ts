// The player payment screen's calls: the list, a payment and an adjustment entered.
import type { FastifyInstance } from 'fastify';
import { api } from '@backline/contract';
import type { Config } from '../../config.ts';
import { route } from '../../http/route.ts';
import type { PlayerPaymentService } from './player-payment-service.ts';

export function playerPaymentRoutes(
  app: FastifyInstance,
  config: Config,
  service: PlayerPaymentService,
): void {
  route(app, config, api.getPlayerPayments, ({ auth, body }) => service.playerPayments(auth, body));
  route(app, config, api.insertPlayerPayment, ({ auth, body }) =>
    service.insertPlayerPayment(auth, body),
  );
  route(app, config, api.insertPlayerAdjustment, ({ auth, body }) =>
    service.insertPlayerAdjustment(auth, body),
  );
}
