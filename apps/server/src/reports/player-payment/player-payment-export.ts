// Player payments as a file: the receipts and disbursements of the period.
import type { PlayerPaymentRow } from '@backline/contract';
import type { Column } from '../../export/export-table.ts';
import { agentReportFile, type TableSource } from '../../export/export-source.ts';
import { instant, money, paymentColumns, playerColumns } from '../../export/export-columns.ts';
import type { PlayerPaymentService } from './player-payment-service.ts';

export const playerPaymentsTable: TableSource<PlayerPaymentService, 'playerPayments'> =
  agentReportFile('playerPayments', 'player-payments', {
    read: (service, auth, filters) => service.playerPayments(auth, filters),
    rows: (answer) => answer.Rows,
    columns: (l, { labels }): Column<PlayerPaymentRow>[] => [
      instant(l.date, (r) => r.CreatedAt),
      ...playerColumns<PlayerPaymentRow>(labels),
      ...paymentColumns<PlayerPaymentRow>(
        labels,
        labels.directions.receipt,
        labels.directions.disbursement,
      ),
      money(l.balanceAfter, (r) => r.BalanceAfter, false),
    ],
  });
