// Player payments as a file: the receipts and disbursements of the period.
import type { PlayerPaymentRow } from '@backline/contract';
import { agentTitle } from '../../export/export-context.ts';
import { prepare, type TableSource } from '../../export/export-source.ts';
import {
  instant,
  money,
  ownCurrencyRows,
  paymentColumns,
  playerColumns,
} from '../../export/export-columns.ts';
import type { PlayerPaymentService } from './player-payment-service.ts';

export const playerPaymentsTable: TableSource<PlayerPaymentService, 'playerPayments'> = async (
  service,
  ctx,
  filters,
) => {
  const report = await service.playerPayments(ctx.auth, filters);
  const l = ctx.labels.columns;
  const { directions } = ctx.labels;
  return prepare<PlayerPaymentRow>({
    ...(await agentTitle(ctx, 'playerPayments', 'player-payments', filters, report)),
    columns: [
      instant(l.date, (r) => r.CreatedAt),
      ...playerColumns<PlayerPaymentRow>(ctx.labels),
      ...paymentColumns<PlayerPaymentRow>(ctx.labels, directions.receipt, directions.disbursement),
      money(l.balanceAfter, (r) => r.BalanceAfter, false),
    ],
    ...ownCurrencyRows(report.Rows),
  });
};
