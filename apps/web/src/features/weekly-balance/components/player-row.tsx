import type { WeeklyBalanceRow } from '@backline/contract/reports/weekly-balance';
import { memo } from 'react';
import { DayCells, type OpenDay } from '@/components/daily-transactions/day-cells';
import { MoneyCell } from '@/components/ui/money-cell';
import { PlayerLink } from '@/components/ui/player-link';
import { AFTER_DAYS, figureClass } from './table-columns';

interface PlayerRowProps {
  row: WeeklyBalanceRow;
  rowIndex: number;
  /** The seven days as read out in a day button's name, e.g. "Mon, Nov 16". */
  dayNames: readonly string[];
  locale: string;
  onOpenDay: (day: OpenDay<WeeklyBalanceRow>) => void;
}

// Memoized: while scrolling, only the rows entering the window render, not all of them again.
export const PlayerRow = memo(function PlayerRow(props: PlayerRowProps) {
  const { row, rowIndex, dayNames, locale, onOpenDay } = props;
  const money = { currency: row.Currency, locale };
  return (
    <tr aria-rowindex={rowIndex}>
      <th scope="row" className="col-player">
        <PlayerLink idPlayer={row.IdPlayer} login={row.Player} name={row.Name} />
      </th>
      <MoneyCell {...money} minor={row.Carry} className={figureClass('carry')} />
      <DayCells row={row} dayNames={dayNames} locale={locale} onOpenDay={onOpenDay} />
      {AFTER_DAYS.map((f) => (
        <MoneyCell key={f.key} {...money} minor={f.value(row)} className={figureClass(f.key)} />
      ))}
    </tr>
  );
});
