import { useTranslation } from 'react-i18next';
import {
  amountColumn,
  methodColumn,
  noteColumns,
  whenColumn,
} from '@/components/payments/payment-columns';
import { PaymentTotals } from '@/components/payments/payment-totals';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { PlayerLink } from '@/components/ui/player-link';
import type { PlayerPaymentsResponse } from '../api/get-player-payments';

type Row = PlayerPaymentsResponse['Rows'][number];

interface PaymentsTableProps {
  report: PlayerPaymentsResponse;
  locale: string;
  timeZone: string;
  caption: string;
  fetching: boolean;
}

export function PaymentsTable(props: PaymentsTableProps) {
  const { report, locale, timeZone, caption, fetching } = props;
  const { t } = useTranslation();
  const columns: DataColumn<Row>[] = [
    {
      id: 'player',
      header: t('playerPayment.columns.player'),
      cell: (row) => <PlayerLink idPlayer={row.IdPlayer} login={row.Player} name={row.Name} />,
    },
    whenColumn(t('playerPayment.columns.date'), locale, timeZone),
    {
      id: 'direction',
      header: t('payments.direction'),
      cell: (row) => t(`playerPayment.directions.${row.Amount >= 0 ? 'receipt' : 'disbursement'}`),
    },
    methodColumn(t),
    amountColumn(t('playerPayment.columns.amount')),
    {
      id: 'balanceAfter',
      header: t('playerPayment.columns.balanceAfter'),
      money: (row) => ({ minor: row.BalanceAfter, currency: row.Currency }),
    },
    ...noteColumns<Row>(t),
  ];
  return (
    <DataTable
      rows={report.Rows}
      columns={columns}
      caption={caption}
      getRowId={(row) => String(row.IdPayment)}
      locale={locale}
      className="payments-table"
      fetching={fetching}
      footer={
        <PaymentTotals
          totals={report.Totals.map((total) => ({
            Currency: total.Currency,
            Count: total.Count,
            In: total.Receipts,
            Out: total.Disbursements,
            Net: total.Net,
          }))}
          countKey="playerPayment.count"
          inKey="playerPayment.directions.receipt"
          outKey="playerPayment.directions.disbursement"
          splitColumns={3}
          trailingColumns={3}
          locale={locale}
        />
      }
    />
  );
}
