import type { ActionByPlayerRow } from '@backline/contract/reports/action-by-player';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable, figureColumn } from '@/components/ui/data-table';
import { Money } from '@/components/ui/money-cell';
import { formatCount } from '@/lib/format';
import type { ActionByPlayerReport } from '../api/get-action-by-player';
import { sortAction, typesPresent, type ActionSort } from '../utils/columns';

type Total = ActionByPlayerReport['Totals'][number];
// A figure and its wager count: two lines a row.
const ROW_PX = 56;

interface ActionTableProps {
  report: ActionByPlayerReport;
  locale: string;
  caption: string;
  fetching: boolean;
}

function Figure({
  cell,
  currency,
  locale,
}: {
  cell: { Count: number; Volume: number } | undefined;
  currency: string;
  locale: string;
}) {
  const { t } = useTranslation();
  if (!cell) return <span className="money--zero">—</span>;
  return (
    <>
      <span className="money">
        <Money minor={cell.Volume} currency={currency} locale={locale} />
      </span>
      <span className="cell-sub">
        {t('actionByPlayer.wagerCount', {
          count: cell.Count,
          formatted: formatCount(cell.Count, locale),
        })}
      </span>
    </>
  );
}

export function ActionTable({ report, locale, caption, fetching }: ActionTableProps) {
  const { t } = useTranslation();
  const [sort, setSort] = useState({ id: 'volume' as ActionSort, desc: true });
  const types = useMemo(() => typesPresent([...report.Rows, ...report.Totals]), [report]);
  const rows = useMemo(
    () => sortAction(report.Rows, sort.id, sort.desc ? 'desc' : 'asc', locale),
    [report.Rows, sort, locale],
  );
  const columns: DataColumn<ActionByPlayerRow, Total>[] = [
    {
      id: 'player',
      header: t('actionByPlayer.columns.player'),
      sortable: true,
      cell: (r) => (
        <>
          <span className="player__login">{r.Player}</span>
          <span className="player__name">{r.Name}</span>
        </>
      ),
      total: (total) => t('actionByPlayer.totals', { currency: total.Currency }),
    },
    ...types.map((type): DataColumn<ActionByPlayerRow, Total> => ({
      id: `type:${type}`,
      header: t(`wagerTypes.${type}`, type),
      className: 'num neutral',
      sortable: true,
      descFirst: true,
      cell: (r) => <Figure cell={r.ByType[type]} currency={r.Currency} locale={locale} />,
      total: (total) => (
        <Figure cell={total.ByType[type]} currency={total.Currency} locale={locale} />
      ),
    })),
    {
      id: 'count',
      header: t('actionByPlayer.columns.count'),
      className: 'num',
      sortable: true,
      descFirst: true,
      cell: (r) => formatCount(r.Count, locale),
      total: (total) => formatCount(total.Count, locale),
    },
    figureColumn(
      'Volume',
      'volume',
      t('actionByPlayer.columns.volume'),
      'col-total col-key neutral',
    ),
  ];
  return (
    <DataTable
      rows={rows}
      columns={columns}
      caption={caption}
      getRowId={(r) => `${r.IdPlayer}|${r.Currency}`}
      locale={locale}
      className="report-table--tight action-table"
      totals={report.Totals}
      totalKey={(total) => total.Currency}
      sort={sort}
      onSort={(next) => setSort({ id: next.id as ActionSort, desc: next.desc })}
      fetching={fetching}
      rowHeight={ROW_PX}
    />
  );
}
