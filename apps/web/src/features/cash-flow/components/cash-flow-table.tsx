import type { CashFlowResponse } from '@backline/contract/reports/cash-flow';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { formatDay } from '@/lib/format';

type Row = CashFlowResponse['Rows'][number];
type Total = CashFlowResponse['Totals'][number];

interface CashFlowTableProps {
  report: CashFlowResponse;
  locale: string;
  caption: string;
  fetching: boolean;
}

export function CashFlowTable({ report, locale, caption, fetching }: CashFlowTableProps) {
  const { t } = useTranslation();
  const totalsLabel = (total: Total) =>
    report.Totals.length > 1
      ? `${t('weeklyBalance.totals')} ${total.Currency}`
      : t('weeklyBalance.totals');
  const columns: DataColumn<Row, Total>[] = [
    {
      id: 'date',
      header: t('cashFlow.columns.date'),
      className: 'col-player nowrap',
      cell: (row) => formatDay(row.Date, locale),
      total: totalsLabel,
    },
    {
      id: 'agent',
      header: t('cashFlow.columns.agent'),
      className: 'cash-flow-table__agent',
      cell: (row) => row.Agent,
    },
    money('in', t('cashFlow.columns.in'), 'In', true),
    money('out', t('cashFlow.columns.out'), 'Out', true),
    money('settlements', t('cashFlow.columns.settlements'), 'Settlements'),
    { ...money('net', t('cashFlow.columns.net'), 'Net'), className: 'col-key' },
  ];
  return (
    <DataTable
      rows={report.Rows}
      columns={columns}
      caption={caption}
      getRowId={(row) => `${row.Date}|${row.IdAgent}|${row.Currency}`}
      locale={locale}
      className="cash-flow-table"
      totals={report.Totals}
      totalKey={(total) => total.Currency}
      fetching={fetching}
    />
  );
}

function money(
  id: string,
  header: string,
  key: 'In' | 'Out' | 'Settlements' | 'Net',
  neutral = false,
): DataColumn<Row, Total> {
  return {
    id,
    header,
    money: (row) => ({ minor: row[key], currency: row.Currency, neutral }),
    totalMoney: (total) => ({ minor: total[key], currency: total.Currency, neutral }),
  };
}
