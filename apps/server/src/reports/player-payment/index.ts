// Player payment: the module app.ts registers (reports/report-module.ts).
import { reportModule } from '../report-module.ts';
import { playerPaymentsTable } from './player-payment-export.ts';
import { playerPaymentRoutes } from './player-payment-routes.ts';
import { createPlayerPaymentService } from './player-payment-service.ts';

export const playerPayment = reportModule('player-payment', {
  db: 'primary',
  service: createPlayerPaymentService,
  routes: playerPaymentRoutes,
  exports: { playerPayments: playerPaymentsTable },
});
