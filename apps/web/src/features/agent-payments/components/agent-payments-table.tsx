import type { AgentPaymentsResponse } from '@backline/contract/endpoints/money-reports';
import { useTranslation } from 'react-i18next';
import { PaymentTotals } from '@/components/payments/payment-totals';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { DateTime } from '@/components/ui/date-time';

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
      headerClassName: 'col-player',
      cell: (row) => row.Agent,
    },
    {
      id: 'master',
      header: t('agentPayments.columns.master'),
      className: 'payments-table__by',
      headerClassName: '',
      cell: (row) => row.Master,
    },
    {
      id: 'date',
      header: t('agentPayments.columns.date'),
      className: 'when',
      headerClassName: '',
      cell: (row) => <DateTime instant={row.CreatedAt} locale={locale} timeZone={timeZone} />,
    },
    {
      id: 'direction',
      header: t('payments.direction'),
      cell: (row) => t(`agentPayments.directions.${row.Amount >= 0 ? 'toMaster' : 'fromMaster'}`),
    },
    {
      id: 'method',
      header: t('payments.method'),
      cell: (row) => t(`payments.methods.${row.Method}`),
    },
    {
      id: 'amount',
      header: t('agentPayments.columns.amount'),
      className: 'col-key',
      headerClassName: 'num col-key',
      money: (row) => ({ minor: row.Amount, currency: row.Currency }),
    },
    {
      id: 'note',
      header: t('payments.note'),
      className: 'payments-table__note',
      headerClassName: '',
      cell: (row) => row.Note,
    },
    {
      id: 'by',
      header: t('payments.enteredBy'),
      className: 'payments-table__by',
      headerClassName: '',
      cell: (row) => row.EnteredBy,
    },
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
