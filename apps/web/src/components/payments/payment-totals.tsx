import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Money, MoneyCell } from '@/components/ui/money-cell';

const TOTAL_ROW_PX = 44;

export interface PaymentTotal {
  Currency: string;
  Count: number;
  /** Money in (positive) and out (as a negative figure), and their sum. */
  In: number;
  Out: number;
  Net: number;
}

interface PaymentTotalsProps {
  totals: readonly PaymentTotal[];
  /** i18n keys: the count of payments, and the names of the two directions. */
  countKey: string;
  inKey: string;
  outKey: string;
  /** Columns between the label and the net amount, and after it. */
  splitColumns: number;
  trailingColumns: number;
  locale: string;
}

/**
 * The totals rows of a payments table, one per currency, stuck to the bottom of the scroll:
 * the count of payments, money in and out, and the net in the amount column (the key figure).
 */
export function PaymentTotals(props: PaymentTotalsProps) {
  const { totals, countKey, inKey, outKey, splitColumns, trailingColumns, locale } = props;
  const { t } = useTranslation();
  return (
    <tfoot>
      {totals.map((total, i) => (
        <tr
          key={total.Currency}
          style={
            {
              '--sticky-bottom': `${(totals.length - 1 - i) * TOTAL_ROW_PX}px`,
            } as CSSProperties
          }
        >
          <th scope="row" className="col-player">
            {totals.length > 1
              ? `${t('weeklyBalance.totals')} ${total.Currency}`
              : t('weeklyBalance.totals')}
            <span className="totals-label__sub">{t(countKey, { count: total.Count })}</span>
          </th>
          <td colSpan={splitColumns} className="payments-table__split">
            {t(inKey)} <Money minor={total.In} currency={total.Currency} locale={locale} /> ·{' '}
            {t(outKey)} <Money minor={-total.Out} currency={total.Currency} locale={locale} />
          </td>
          <MoneyCell
            minor={total.Net}
            currency={total.Currency}
            locale={locale}
            className="col-key"
          />
          <td colSpan={trailingColumns} />
        </tr>
      ))}
    </tfoot>
  );
}
