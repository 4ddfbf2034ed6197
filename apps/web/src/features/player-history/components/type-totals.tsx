import type { PlayerHistoryResponse } from '@backline/contract/reports/player-history';
import { sumMoney } from '@backline/contract/core/money';
import { useTranslation } from 'react-i18next';
import { MoneyCell } from '@/components/ui/money-cell';
import { SimpleTable, TableScroll } from '@/components/ui/simple-table';
import { formatCount } from '@/lib/format';
import { typeLabelKey } from './type-select';

const HEAD = {
  prefix: 'playerHistory.columns',
  columns: ['type', 'count', 'amount'],
  classes: { count: 'num', amount: 'num' },
};

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
      <TableScroll label={caption}>
        <SimpleTable
          className="report-table report-table--compact"
          head={HEAD}
          footer={
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
          }
        >
          {report.Totals.map((total) => (
            <tr key={total.Type}>
              <th scope="row">{t(typeLabelKey(total.Type))}</th>
              <td className="num">{formatCount(total.Count, locale)}</td>
              <MoneyCell minor={total.Amount} currency={currency} locale={locale} />
            </tr>
          ))}
        </SimpleTable>
      </TableScroll>
    </section>
  );
}
