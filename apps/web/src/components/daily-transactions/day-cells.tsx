// A player's seven days in a week table: each day with money on it is a button that opens that
// day's transactions (DailyTransactionsDialog), so the week reports word and key them alike.
import type { WeeklyBalanceRow } from '@backline/contract/reports/weekly-balance';
import { formatMoney } from '@backline/contract/core/money';
import { useTranslation } from 'react-i18next';
import { MoneyCell, toneOf } from '@/components/ui/money-cell';
import './day-cells.css';

/** Any week report's player row: the weekly balance's, the new weekly balance's. */
export type DayRow = Pick<WeeklyBalanceRow, 'IdPlayer' | 'Player' | 'Currency' | 'Days'>;

export interface OpenDay<R extends DayRow = DayRow> {
  row: R;
  dayIndex: number;
}

interface DayCellsProps<R extends DayRow> {
  row: R;
  /** The seven days as read out in a day button's name, e.g. "Mon, Nov 16". */
  dayNames: readonly string[];
  locale: string;
  onOpenDay: (day: OpenDay<R>) => void;
}

export function DayCells<R extends DayRow>({ row, dayNames, locale, onOpenDay }: DayCellsProps<R>) {
  const { t } = useTranslation();
  return row.Days.map((minor, i) => {
    const amount = formatMoney(minor, row.Currency, locale);
    return (
      <MoneyCell key={i} currency={row.Currency} locale={locale} minor={minor}>
        {minor !== 0 ? (
          <button
            type="button"
            className={`day-button money money--${toneOf(minor)}`}
            aria-label={t('weeklyBalance.dayButton', {
              amount,
              player: row.Player,
              day: dayNames[i],
            })}
            onClick={() => onOpenDay({ row, dayIndex: i })}
          >
            {amount}
          </button>
        ) : null}
      </MoneyCell>
    );
  });
}
