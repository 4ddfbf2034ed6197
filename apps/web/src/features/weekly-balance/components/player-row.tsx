import type { WeeklyBalanceRow } from '@backline/contract/reports/weekly-balance';
import { formatMoney } from '@backline/contract/core/money';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { MoneyCell, toneOf } from '@/components/ui/money-cell';
import { PlayerLink } from '@/components/ui/player-link';
import { AFTER_DAYS, figureClass } from './table-columns';

export interface OpenDay {
  row: WeeklyBalanceRow;
  dayIndex: number;
}

interface PlayerRowProps {
  row: WeeklyBalanceRow;
  rowIndex: number;
  /** The seven days as read out in a day button's name, e.g. "Mon, Nov 16". */
  dayNames: readonly string[];
  locale: string;
  onOpenDay: (day: OpenDay) => void;
}

// Memoized: while scrolling, only the rows entering the window render, not all of them again.
export const PlayerRow = memo(function PlayerRow(props: PlayerRowProps) {
  const { row, rowIndex, dayNames, locale, onOpenDay } = props;
  const { t } = useTranslation();
  const money = { currency: row.Currency, locale };
  return (
    <tr aria-rowindex={rowIndex}>
      <th scope="row" className="col-player">
        <PlayerLink idPlayer={row.IdPlayer} login={row.Player} name={row.Name} />
      </th>
      <MoneyCell {...money} minor={row.Carry} className={figureClass('carry')} />
      {row.Days.map((minor, i) => {
        const amount = formatMoney(minor, row.Currency, locale);
        return (
          <MoneyCell key={i} {...money} minor={minor}>
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
      })}
      {AFTER_DAYS.map((f) => (
        <MoneyCell key={f.key} {...money} minor={f.value(row)} className={figureClass(f.key)} />
      ))}
    </tr>
  );
});
