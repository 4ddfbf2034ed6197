import type { Wager, WagerPage } from '@backline/contract/endpoints/wagers';
import { shownResult } from '@backline/contract/enums';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { MoneyCell } from '@/components/ui/money-cell';
import { SortHeader } from '@/components/ui/sort-header';
import { DateTime } from '@/components/ui/date-time';
import { formatCount } from '@/lib/format';
import type { SortDir, WagerSort } from '../utils/filters';
import { ResultBadge } from './result-badge';

interface WagersTableProps {
  graded: boolean;
  page: WagerPage;
  sort: WagerSort;
  dir: SortDir;
  onSort: (key: WagerSort) => void;
  onOpen: (wager: Wager) => void;
  locale: string;
  timeZone: string;
  caption: string;
}

/** One page of open or graded wagers; the footer totals cover every page of the filter. */
export function WagersTable(props: WagersTableProps) {
  const { graded, page, sort, dir, onSort, onOpen, locale, timeZone, caption } = props;
  const { t } = useTranslation();
  const header = {
    sortedBy: sort,
    direction: dir === 'asc' ? ('ascending' as const) : ('descending' as const),
    onSort,
  };
  // The key figure, kept in view at the right edge: the risk of open wagers, the result of graded.
  const riskClass = graded ? 'neutral' : 'neutral col-key';
  return (
    <div className="table-scroll" role="region" aria-label={caption} tabIndex={0}>
      <table className="report-table report-table--tight wagers-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="col-player">
              {t('wagers.columns.ticket')}
            </th>
            <SortHeader {...header} sortKey="player" label={t('wagers.columns.player')} />
            <SortHeader {...header} sortKey="placedAt" label={t('wagers.columns.placedAt')} />
            {graded && (
              <SortHeader {...header} sortKey="gradedAt" label={t('wagers.columns.gradedAt')} />
            )}
            <th scope="col">{t('wagers.columns.type')}</th>
            <th scope="col">{t('wagers.columns.description')}</th>
            <SortHeader
              {...header}
              sortKey="risk"
              label={t('wagers.columns.risk')}
              className={graded ? 'num' : 'num col-key'}
            />
            <SortHeader
              {...header}
              sortKey="toWin"
              label={t('wagers.columns.toWin')}
              className="num"
            />
            {graded && (
              <>
                <SortHeader {...header} sortKey="result" label={t('wagers.columns.result')} />
                <SortHeader
                  {...header}
                  sortKey="amount"
                  label={t('wagers.columns.amount')}
                  className="num col-key"
                />
              </>
            )}
            <th scope="col" className="num">
              {t('wagers.columns.legs')}
            </th>
          </tr>
        </thead>
        <tbody>
          {page.Rows.map((w) => {
            const money = { currency: w.Currency, locale };
            return (
              <tr key={w.IdWager} className={w.Deleted ? 'is-deleted' : undefined}>
                <th scope="row" className="col-player">
                  <button
                    type="button"
                    className="link-button ticket"
                    aria-haspopup="dialog"
                    onClick={() => onOpen(w)}
                  >
                    {w.Ticket}
                  </button>
                  {w.Deleted && <span className="tag tag--deleted">{t('wagers.deleted')}</span>}
                </th>
                <td>
                  <span className="player__login">{w.Player}</span>
                  <span className="player__name">{w.Name}</span>
                </td>
                <td className="when">
                  <DateTime instant={w.PlacedAt} locale={locale} timeZone={timeZone} />
                </td>
                {graded && (
                  <td className="when">
                    {w.GradedAt ? (
                      <DateTime instant={w.GradedAt} locale={locale} timeZone={timeZone} />
                    ) : (
                      '—'
                    )}
                  </td>
                )}
                <td className="wagers-table__type">
                  {t(`wagerTypes.${w.WagerType}`)}
                  {w.FreePlay && <span className="tag">{t('wagers.freePlay')}</span>}
                  <span className="cell-sub">{t(`sports.${w.Sport}`)}</span>
                </td>
                <td className="wagers-table__description">{w.Description}</td>
                <MoneyCell {...money} minor={w.Risk} className={riskClass} />
                <MoneyCell {...money} minor={w.ToWin} className="neutral" />
                {graded && (
                  <>
                    <td>
                      <ResultBadge result={shownResult(w)} />
                    </td>
                    <MoneyCell {...money} minor={w.Amount} className="col-key" />
                  </>
                )}
                <td className="num">{formatCount(w.Legs.length, locale)}</td>
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          {page.Totals.map((total, i) => {
            const money = { currency: total.Currency, locale };
            return (
              <tr
                key={total.Currency}
                // Several currencies stack at the bottom of the scroll box, one row each.
                style={
                  { '--sticky-bottom': `${(page.Totals.length - 1 - i) * 44}px` } as CSSProperties
                }
              >
                <th scope="row" className="col-player">
                  {t('wagers.totals', { currency: total.Currency })}
                </th>
                <td colSpan={graded ? 5 : 4} className="totals-scope">
                  {t('wagers.allPages', {
                    count: total.Count,
                    formatted: formatCount(total.Count, locale),
                  })}
                </td>
                <MoneyCell {...money} minor={total.Risk} className={riskClass} />
                <MoneyCell {...money} minor={total.ToWin} className="neutral" />
                {graded && (
                  <>
                    <td />
                    <MoneyCell {...money} minor={total.Amount} className="col-key" />
                  </>
                )}
                <td />
              </tr>
            );
          })}
        </tfoot>
      </table>
    </div>
  );
}
