import type { PlayerHistoryResponse } from '@backline/contract/reports/player-history';
import { sumMoney } from '@backline/contract/core/money';
import { useTranslation } from 'react-i18next';
import { MoneyCell } from '@/components/ui/money-cell';
import { formatCount } from '@/lib/format';
import { typeLabelKey } from './type-select';

interface TypeTotalsProps {
  report: PlayerHistoryResponse;
  locale: string;
}

/** The period's entries summed by transaction type; the net moves opening to closing when unfiltered. */
export function TypeTotals({ report, locale }: TypeTotalsProps) {
  const { t } = useTranslation();
  const currency = report.Player.Currency;
  const caption = t('playerHistory.totalsByType');
  return (
    <section className="history-totals" aria-label={caption}>
      <h2 className="history-totals__title">{caption}</h2>
      <div className="table-scroll" role="region" aria-label={caption} tabIndex={0}>
        <table className="report-table report-table--compact">
          <thead>
            <tr>
              <th scope="col">{t('playerHistory.columns.type')}</th>
              <th scope="col" className="num">
                {t('playerHistory.columns.count')}
              </th>
              <th scope="col" className="num">
                {t('playerHistory.columns.amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {report.Totals.map((total) => (
              <tr key={total.Type}>
                <th scope="row">{t(typeLabelKey(total.Type))}</th>
                <td className="num">{formatCount(total.Count, locale)}</td>
                <MoneyCell minor={total.Amount} currency={currency} locale={locale} />
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t('playerHistory.net')}</th>
              <td className="num">
                {formatCount(
                  report.Totals.reduce((n, x) => n + x.Count, 0),
                  locale,
                )}
              </td>
              <MoneyCell
                minor={sumMoney(report.Totals, (x) => x.Amount)}
                currency={currency}
                locale={locale}
              />
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}
