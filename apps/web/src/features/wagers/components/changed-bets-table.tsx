import type { ChangedBet } from '@backline/contract/endpoints/wagers';
import { useMemo, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { ConversionNote } from '@/components/currency/conversion-note';
import { useMoneyRanking } from '@/components/currency/money-ranking';
import { Money, MoneyCell } from '@/components/ui/money-cell';
import { SortHeader } from '@/components/ui/sort-header';
import { DateTime } from '@/components/ui/date-time';
import { formatCount } from '@/lib/format';
import { changedTotals, sortChanged, type ChangedSortKey } from '../utils/totals';

interface ChangedBetsTableProps {
  rows: readonly ChangedBet[];
  onOpen: (idWager: number) => void;
  locale: string;
  timeZone: string;
  caption: string;
}

function Snapshot({
  snap,
  currency,
  locale,
}: {
  snap: ChangedBet['Before'];
  currency: string;
  locale: string;
}) {
  const { t } = useTranslation();
  const status = snap.Status ? t(`wagers.statuses.${snap.Status}`, snap.Status) : '—';
  const result = snap.Result ? t(`betResults.${snap.Result}`, snap.Result) : '';
  return (
    <span className="snapshot">
      <span>
        {status}
        {result && snap.Result !== snap.Status ? ` · ${result}` : ''}
      </span>
      <span className="cell-sub">
        <Money minor={snap.Amount} currency={currency} locale={locale} />
      </span>
    </span>
  );
}

/** Deleted, regraded and changed wagers: who, when, why, before and after. The list comes whole. */
export function ChangedBetsTable({
  rows,
  onOpen,
  locale,
  timeZone,
  caption,
}: ChangedBetsTableProps) {
  const { t } = useTranslation();
  const [sort, setSort] = useState<{ key: ChangedSortKey; dir: 'asc' | 'desc' }>({
    key: 'changedAt',
    dir: 'desc',
  });
  const ranking = useMoneyRanking();
  const sorted = useMemo(
    () => sortChanged(rows, sort.key, sort.dir, locale, ranking.value),
    [rows, sort, locale, ranking],
  );
  const rankedIn = sort.key === 'amount' ? ranking.conversion(rows.map((r) => r.Currency)) : null;
  const totals = useMemo(() => changedTotals(rows), [rows]);
  const header = {
    sortedBy: sort.key,
    direction: sort.dir === 'asc' ? ('ascending' as const) : ('descending' as const),
    onSort: (key: ChangedSortKey) =>
      setSort((s) =>
        s.key === key
          ? { key, dir: s.dir === 'asc' ? 'desc' : 'asc' }
          : { key, dir: key === 'player' ? 'asc' : 'desc' },
      ),
  };
  return (
    <>
      <ConversionNote conversion={rankedIn} kind="ranked" />
      <div className="table-scroll" role="region" aria-label={caption} tabIndex={0}>
        <table className="report-table report-table--tight wagers-table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <th scope="col" className="col-player">
                {t('wagers.columns.ticket')}
              </th>
              <SortHeader {...header} sortKey="changedAt" label={t('wagers.columns.changedAt')} />
              <SortHeader {...header} sortKey="player" label={t('wagers.columns.player')} />
              <th scope="col">{t('wagers.columns.status')}</th>
              <th scope="col">{t('wagers.columns.changedBy')}</th>
              <th scope="col">{t('wagers.columns.reason')}</th>
              <th scope="col">{t('wagers.columns.before')}</th>
              <th scope="col">{t('wagers.columns.after')}</th>
              <SortHeader
                {...header}
                sortKey="amount"
                label={t('wagers.columns.balanceMove')}
                className="num col-key"
              />
            </tr>
          </thead>
          <tbody>
            {sorted.map((c) => (
              <tr key={c.IdChange}>
                <th scope="row" className="col-player">
                  <button
                    type="button"
                    className="link-button ticket"
                    aria-haspopup="dialog"
                    onClick={() => onOpen(c.IdWager)}
                  >
                    {c.Ticket}
                  </button>
                </th>
                <td className="when">
                  <DateTime instant={c.ChangedAt} locale={locale} timeZone={timeZone} />
                </td>
                <td>
                  <span className="player__login">{c.Player}</span>
                  <span className="player__name">{c.Name}</span>
                </td>
                <td>
                  <span className={`tag tag--${c.Status}`}>{t(`changeStatuses.${c.Status}`)}</span>
                </td>
                <td className="nowrap">{c.ChangedBy}</td>
                <td className="wagers-table__description">{c.Reason}</td>
                <td>
                  <Snapshot snap={c.Before} currency={c.Currency} locale={locale} />
                </td>
                <td>
                  <Snapshot snap={c.After} currency={c.Currency} locale={locale} />
                </td>
                <MoneyCell
                  minor={c.Amount}
                  currency={c.Currency}
                  locale={locale}
                  className="col-key"
                />
              </tr>
            ))}
          </tbody>
          <tfoot>
            {totals.map((total, i) => (
              <tr
                key={total.Currency}
                style={{ '--sticky-bottom': `${(totals.length - 1 - i) * 44}px` } as CSSProperties}
              >
                <th scope="row" className="col-player">
                  {t('wagers.totals', { currency: total.Currency })}
                </th>
                <td colSpan={7} className="totals-scope">
                  {t('wagers.changeCount', {
                    count: total.Count,
                    formatted: formatCount(total.Count, locale),
                  })}
                </td>
                <MoneyCell
                  minor={total.Amount}
                  currency={total.Currency}
                  locale={locale}
                  className="col-key"
                />
              </tr>
            ))}
          </tfoot>
        </table>
      </div>
    </>
  );
}
