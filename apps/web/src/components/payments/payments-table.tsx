// The payments table both payments screens (players', agents') show: who, when, which way, method,
// amount, note and who entered it, with a totals row per currency.
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { DateTime } from '@/components/ui/date-time';
import { useLocale } from '@/lib/format';
import { useAgentStore } from '@/stores/agent-store';
import { PaymentTotals, type PaymentTotal } from './payment-totals';

interface PaymentLine {
  IdPayment: number;
  CreatedAt: string;
  Method: string;
  Amount: number;
  Currency: string;
  Note: string;
  EnteredBy: string;
}

interface PaymentsTableProps<T extends PaymentLine, U> {
  report: { Rows: readonly T[]; Totals: readonly U[] };
  fetching: boolean;
  /** A totals row of the report as money in and out. */
  total: (total: U) => PaymentTotal;
  caption: string;
  /** The screen's i18n prefix: its columns.date, columns.amount, count and directions.* keys. */
  screen: 'playerPayment' | 'agentPayments';
  /** The directions' keys under `${screen}.directions`: money in (a positive amount), and out. */
  directions: readonly [string, string];
  /** The columns before the date (who paid), and after the amount. */
  leading: DataColumn<T>[];
  trailing?: DataColumn<T>[];
}

export function PaymentsTable<T extends PaymentLine, U>(props: PaymentsTableProps<T, U>) {
  const { report, total, screen, directions, leading, trailing = [] } = props;
  const { t } = useTranslation();
  const locale = useLocale();
  const timeZone = useAgentStore((s) => s.site?.TimeZone ?? 'UTC');
  const [inKey, outKey] = directions.map((d) => `${screen}.directions.${d}`) as [string, string];
  const columns: DataColumn<T>[] = [
    ...leading,
    {
      id: 'date',
      header: t(`${screen}.columns.date`),
      className: 'when',
      cell: (row) => <DateTime instant={row.CreatedAt} locale={locale} timeZone={timeZone} />,
    },
    {
      id: 'direction',
      header: t('payments.direction'),
      cell: (row) => t(row.Amount >= 0 ? inKey : outKey),
    },
    {
      id: 'method',
      header: t('payments.method'),
      cell: (row) => t(`payments.methods.${row.Method}`),
    },
    {
      id: 'amount',
      header: t(`${screen}.columns.amount`),
      className: 'col-key',
      money: (row) => ({ minor: row.Amount, currency: row.Currency }),
    },
    ...trailing,
    {
      id: 'note',
      header: t('payments.note'),
      className: 'payments-table__note',
      cell: (row) => row.Note,
    },
    {
      id: 'by',
      header: t('payments.enteredBy'),
      className: 'payments-table__by',
      cell: (row) => row.EnteredBy,
    },
  ];
  return (
    <DataTable
      rows={report.Rows}
      columns={columns}
      caption={props.caption}
      getRowId={(row) => String(row.IdPayment)}
      locale={locale}
      className={`payments-table payments-table--${screen === 'agentPayments' ? 'agents' : 'players'}`}
      fetching={props.fetching}
      footer={
        <PaymentTotals
          totals={report.Totals.map(total)}
          countKey={`${screen}.count`}
          inKey={inKey}
          outKey={outKey}
          splitColumns={leading.length + 2}
          trailingColumns={trailing.length + 2}
          locale={locale}
        />
      }
    />
  );
}
