import type { ActionByPlayerRow } from '@backline/contract/endpoints/wagers';
import { useMemo, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Money } from '@/components/ui/money-cell';
import { SortHeader } from '@/components/ui/sort-header';
import { formatCount } from '@/lib/format';
import type { ActionByPlayerReport } from '../api/get-action-by-player';
import { sortAction, typesPresent, type ActionSort } from '../utils/columns';

interface ActionTableProps {
  report: ActionByPlayerReport;
  locale: string;
  caption: string;
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

export function ActionTable({ report, locale, caption }: ActionTableProps) {
  const { t } = useTranslation();
  const [sort, setSort] = useState<{ key: ActionSort; dir: 'asc' | 'desc' }>({
    key: 'volume',
    dir: 'desc',
  });
  const types = useMemo(() => typesPresent([...report.Rows, ...report.Totals]), [report]);
  const rows = useMemo(
    () => sortAction(report.Rows, sort.key, sort.dir, locale),
    [report.Rows, sort, locale],
  );
  const header = {
    sortedBy: sort.key,
    direction: sort.dir === 'asc' ? ('ascending' as const) : ('descending' as const),
    onSort: (key: ActionSort) =>
      setSort((s) =>
        s.key === key
          ? { key, dir: s.dir === 'asc' ? 'desc' : 'asc' }
          : { key, dir: key === 'player' ? 'asc' : 'desc' },
      ),
  };
  return (
    <div className="table-scroll" role="region" aria-label={caption} tabIndex={0}>
      <table className="report-table report-table--tight action-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <SortHeader
              {...header}
              sortKey="player"
              label={t('actionByPlayer.columns.player')}
              className="col-player"
            />
            {types.map((type) => (
              <SortHeader
                {...header}
                key={type}
                sortKey={`type:${type}`}
                label={t(`wagerTypes.${type}`, type)}
                className="num"
              />
            ))}
            <SortHeader
              {...header}
              sortKey="count"
              label={t('actionByPlayer.columns.count')}
              className="num"
            />
            <SortHeader
              {...header}
              sortKey="volume"
              label={t('actionByPlayer.columns.volume')}
              className="num col-total col-key"
            />
          </tr>
        </thead>
        <tbody>
          {rows.map((r: ActionByPlayerRow) => (
            <tr key={`${r.IdPlayer}|${r.Currency}`}>
              <th scope="row" className="col-player">
                <span className="player__login">{r.Player}</span>
                <span className="player__name">{r.Name}</span>
              </th>
              {types.map((type) => (
                <td key={type} className="num neutral">
                  <Figure cell={r.ByType[type]} currency={r.Currency} locale={locale} />
                </td>
              ))}
              <td className="num">{formatCount(r.Count, locale)}</td>
              <td className="num col-total col-key neutral">
                <Money minor={r.Volume} currency={r.Currency} locale={locale} />
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {report.Totals.map((total, i) => (
            <tr
              key={total.Currency}
              style={
                { '--sticky-bottom': `${(report.Totals.length - 1 - i) * 56}px` } as CSSProperties
              }
            >
              <th scope="row" className="col-player">
                {t('actionByPlayer.totals', { currency: total.Currency })}
              </th>
              {types.map((type) => (
                <td key={type} className="num neutral">
                  <Figure cell={total.ByType[type]} currency={total.Currency} locale={locale} />
                </td>
              ))}
              <td className="num">{formatCount(total.Count, locale)}</td>
              <td className="num col-total col-key neutral">
                <Money minor={total.Volume} currency={total.Currency} locale={locale} />
              </td>
            </tr>
          ))}
        </tfoot>
      </table>
    </div>
  );
}
