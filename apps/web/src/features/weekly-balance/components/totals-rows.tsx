import type { WeeklyBalanceTotals } from '@backline/contract/reports/weekly-balance';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { MoneyCell } from '@/components/ui/money-cell';
import { AFTER_DAYS, figureClass } from './table-columns';

// Several totals rows (one per currency) stick to the bottom of the scroll box, stacked.
function stickyBottom(px: number): CSSProperties {
  return { '--sticky-bottom': `${px}px` } as CSSProperties;
}

interface TotalsRowsProps {
  totals: readonly WeeklyBalanceTotals[];
  firstRowIndex: number;
  rowHeight: number;
  locale: string;
}

export function TotalsRows({ totals, firstRowIndex, rowHeight, locale }: TotalsRowsProps) {
  const { t } = useTranslation();
  return (
    <tfoot>
      {totals.map((total, i) => {
        const money = { currency: total.Currency, locale };
        return (
          <tr
            key={total.Currency}
            aria-rowindex={firstRowIndex + i}
            style={stickyBottom((totals.length - 1 - i) * rowHeight)}
          >
            <th scope="row" className="col-player">
              {totals.length > 1
                ? `${t('weeklyBalance.totals')} ${total.Currency}`
                : t('weeklyBalance.totals')}{' '}
              {/* The server totals the whole week: every page, whatever the search. */}
              <span className="totals-scope">
                {t('weeklyBalance.totalsScope', { count: total.Players })}
              </span>
            </th>
            <MoneyCell {...money} minor={total.Carry} className={figureClass('carry')} />
            {total.Days.map((minor, d) => (
              <MoneyCell key={d} {...money} minor={minor} />
            ))}
            {AFTER_DAYS.map((f) => (
              <MoneyCell
                key={f.key}
                {...money}
                minor={f.value(total)}
                className={figureClass(f.key)}
              />
            ))}
          </tr>
        );
      })}
    </tfoot>
  );
}
