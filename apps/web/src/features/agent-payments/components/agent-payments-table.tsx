import type { AgentPaymentsResponse } from '@backline/contract/reports/agent-payments';
import { useTranslation } from 'react-i18next';
import {
  amountColumn,
  methodColumn,
  noteColumns,
  whenColumn,
} from '@/components/payments/payment-columns';
import { PaymentTotals } from '@/components/payments/payment-totals';
import { DataTable, type DataColumn } from '@/components/ui/data-table';

type Row = AgentPaymentsResponse['Rows'][number];

interface AgentPaymentsTableProps {
  report: AgentPaymentsResponse;
  locale: string;
  timeZone: string;
  caption: string;
  fetching: boolean;
}

export function AgentPaymentsTable(props: AgentPaymentsTableProps) {
  const { report, locale, timeZone, caption, fetching } = props;
  const { t } = useTranslation();
  const columns: DataColumn<Row>[] = [
    {
      id: 'agent',
      header: t('agentPayments.columns.agent'),
      className: 'col-player payments-table__agent',
      cell: (row) => row.Agent,
    },
    {
      id: 'master',
      header: t('agentPayments.columns.master'),
      className: 'payments-table__by',
      cell: (row) => row.Master,
    },
    whenColumn(t('agentPayments.columns.date'), locale, timeZone),
    {
      id: 'direction',
      header: t('payments.direction'),
      cell: (row) => t(`agentPayments.directions.${row.Amount >= 0 ? 'toMaster' : 'fromMaster'}`),
    },
    methodColumn(t),
    amountColumn(t('agentPayments.columns.amount')),
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
            In: total.ToMaster,
            Out: total.FromMaster,
            Net: total.Net,
          }))}
          countKey="agentPayments.count"
          inKey="agentPayments.directions.toMaster"
          outKey="agentPayments.directions.fromMaster"
          splitColumns={4}
          trailingColumns={2}
          locale={locale}
        />
      }
    />
  );
}
