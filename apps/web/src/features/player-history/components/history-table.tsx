import type { PlayerHistoryResponse } from '@backline/contract/reports/player-history';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { DateTime } from '@/components/ui/date-time';
import { MoneyCell } from '@/components/ui/money-cell';
import { useLedgerLineText } from '@/lib/ledger-description';
import { typeLabelKey } from './type-select';

type Row = PlayerHistoryResponse['Rows'][number];

interface HistoryTableProps {
  report: PlayerHistoryResponse;
  locale: string;
  timeZone: string;
  caption: string;
  fetching: boolean;
}

/** The ledger of the period between its opening and closing balance, each entry with the balance after it. */
export function HistoryTable({ report, locale, timeZone, caption, fetching }: HistoryTableProps) {
  const { t } = useTranslation();
  const describe = useLedgerLineText();
  const currency = report.Player.Currency;
  const edge = (label: string, minor: number) => (
    <>
      <th scope="row" className="col-player">
        {label}
      </th>
      <td colSpan={3} />
      <MoneyCell minor={minor} currency={currency} locale={locale} className="col-key" />
      <td />
    </>
  );
  const columns: DataColumn<Row>[] = [
    {
      id: 'when',
      header: t('playerHistory.columns.when'),
      className: 'col-player when history-table__when',
      cell: (row) => <DateTime instant={row.CreatedAt} locale={locale} timeZone={timeZone} />,
    },
    {
      id: 'type',
      header: t('playerHistory.columns.type'),
      cell: (row) => t(typeLabelKey(row.Type)),
    },
    {
      id: 'description',
      header: t('playerHistory.columns.description'),
      className: 'history-table__description',
      cell: (row) => describe(row),
    },
    {
      id: 'amount',
      header: t('playerHistory.columns.amount'),
      money: (row) => ({ minor: row.Amount, currency }),
    },
    {
      id: 'balance',
      header: t('playerHistory.columns.balance'),
      className: 'col-key history-table__running',
      money: (row) => ({ minor: row.BalanceAfter, currency }),
    },
    {
      id: 'by',
      header: t('playerHistory.columns.enteredBy'),
      className: 'history-table__by',
      // Entries the book posts by itself (gradings) name no person.
      cell: (row) => (row.CreatedBy === 'system' ? t('playerHistory.bySystem') : row.CreatedBy),
    },
  ];
  return (
    <DataTable
      rows={report.Rows}
      columns={columns}
      caption={caption}
      getRowId={(row) => String(row.IdTransaction)}
      locale={locale}
      className="history-table"
      fetching={fetching}
      bodyStart={
        <tr className="history-table__edge">
          {edge(t('playerHistory.opening'), report.OpeningBalance)}
        </tr>
      }
      footer={
        <tfoot>
          <tr>{edge(t('playerHistory.closing'), report.ClosingBalance)}</tr>
        </tfoot>
      }
    />
  );
}
