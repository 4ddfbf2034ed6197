import type { HoldResponse, HoldRow } from '@backline/contract/reports/hold';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { PlayerLink } from '@/components/ui/player-link';
import { formatCount } from '@/lib/format';
import { formatHold, rowName } from '../utils/hold-words';

type Row = HoldRow & { Currency: string };
type Total = HoldResponse['Totals'] & { Currency: string };

interface HoldTableProps {
  report: HoldResponse;
  locale: string;
  caption: string;
  fetching: boolean;
}

export function HoldTable({ report, locale, caption, fetching }: HoldTableProps) {
  const { t } = useTranslation();
  const currency = report.Currency;
  const rows: Row[] = report.Rows.map((r) => ({ ...r, Currency: currency }));
  const totals: Total[] = [{ ...report.Totals, Currency: currency }];
  const group = report.GroupBy;
  const columns: DataColumn<Row, Total>[] = [
    {
      id: 'key',
      header: t(`hold.groups.${group}`),
      className: 'col-player',
      cell: (row) =>
        row.IdPlayer !== null ? (
          <PlayerLink idPlayer={row.IdPlayer} login={row.Label} />
        ) : (
          rowName(row, t)
        ),
      sortValue: (row) => rowName(row, t),
      total: () => t('hold.totals'),
    },
  ];
  if (group === 'league')
    columns.push({
      id: 'sport',
      header: t('hold.columns.sport'),
      cell: (row) => (row.Sport ? t(`sports.${row.Sport}`) : ''),
      sortValue: (row) => row.Sport ?? '',
    });
  if (group === 'agent' || group === 'player')
    columns.push({
      id: 'name',
      header: t('hold.columns.name'),
      className: 'hold-table__name',
      cell: (row) => row.Detail,
      sortValue: (row) => row.Detail,
    });
  columns.push(
    {
      id: 'wagers',
      header: t('hold.columns.wagers'),
      className: 'num',
      descFirst: true,
      cell: (row) => formatCount(row.Wagers, locale),
      sortValue: (row) => row.Wagers,
      total: (total) => formatCount(total.Wagers, locale),
    },
    {
      id: 'handle',
      header: t('hold.columns.handle'),
      descFirst: true,
      money: (row) => ({ minor: row.Handle, currency, neutral: true }),
      sortValue: (row) => row.Handle,
      totalMoney: (total) => ({ minor: total.Handle, currency, neutral: true }),
    },
    {
      id: 'net',
      header: t('hold.columns.net'),
      descFirst: true,
      money: (row) => ({ minor: row.Net, currency }),
      sortValue: (row) => row.Net,
      totalMoney: (total) => ({ minor: total.Net, currency }),
    },
    {
      id: 'holdPct',
      header: t('hold.columns.holdPct'),
      className: 'num col-key',
      descFirst: true,
      cell: (row) => formatHold(row.HoldPct, locale),
      // Rows without handle sort below every hold.
      sortValue: (row) => row.HoldPct ?? Number.NEGATIVE_INFINITY,
      total: (total) => formatHold(total.HoldPct, locale),
    },
  );
  return (
    <DataTable
      rows={rows}
      columns={columns}
      caption={caption}
      getRowId={(row) => row.Key}
      locale={locale}
      className="hold-table"
      totals={totals}
      totalKey={(total) => total.Currency}
      initialSort={{ id: 'handle', desc: true }}
      fetching={fetching}
    />
  );
}
