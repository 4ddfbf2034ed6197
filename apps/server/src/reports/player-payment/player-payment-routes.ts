// The player payment screen's calls: the list, a payment, an adjustment or free play entered.
import { api } from '@backline/contract';
import type { AddRoute } from '../../http/route.ts';
import type { PlayerPaymentService } from './player-payment-service.ts';

export function playerPaymentRoutes(route: AddRoute, service: PlayerPaymentService): void {
  route(api.getPlayerPayments, ({ auth, body }) => service.playerPayments(auth, body));
  route(api.insertPlayerPayment, ({ auth, body }) => service.insertPlayerPayment(auth, body));
  route(api.insertPlayerAdjustment, ({ auth, body }) => service.insertPlayerAdjustment(auth, body));
  route(api.insertPlayerFreePlay, ({ auth, body }) => service.insertPlayerFreePlay(auth, body));
}
