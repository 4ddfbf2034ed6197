import type {
  NewWeeklyBalancePlayer,
  NewWeeklyBalanceTotals,
} from '@backline/contract/reports/new-weekly-balance';
import { addDays, type IsoDate } from '@backline/contract/core/periods';
import { memo, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { DayCells, type OpenDay as OpenDayOf } from '@/components/daily-transactions/day-cells';
import { MoneyCell } from '@/components/ui/money-cell';
import { PlayerLink } from '@/components/ui/player-link';
import { formatDay } from '@/lib/format';
import { AFTER_DAYS, DAY_KEYS, type BlockFigures } from '../utils/columns';

// The totals rows' height in report.css.
const TOTAL_ROW_PX = 44;

export type OpenDay = OpenDayOf<NewWeeklyBalancePlayer>;

interface AfterDayCellsProps {
  figures: BlockFigures;
  money: { currency: string; locale: string };
}

/** A row's figures after the seven days, the ending (the key figure) last. */
function AfterDayCells({ figures, money }: AfterDayCellsProps) {
  return AFTER_DAYS.map((c) => (
    <MoneyCell
      key={c.key}
      {...money}
      minor={c.value(figures)}
      className={c.key === 'ending' ? 'col-ending col-key' : undefined}
    />
  ));
}

interface PlayerRowProps {
  row: NewWeeklyBalancePlayer;
  dayNames: readonly string[];
  locale: string;
  onOpenDay: (day: OpenDay) => void;
}

const PlayerRow = memo(function PlayerRow({ row, dayNames, locale, onOpenDay }: PlayerRowProps) {
  const money = { currency: row.Currency, locale };
  return (
    <tr>
      <th scope="row" className="col-player">
        <PlayerLink idPlayer={row.IdPlayer} login={row.Player} name={row.Name} />
      </th>
      <MoneyCell {...money} minor={row.Carry} />
      <DayCells row={row} dayNames={dayNames} locale={locale} onOpenDay={onOpenDay} />
      <AfterDayCells figures={row} money={money} />
    </tr>
  );
});

interface BlockTableProps {
  caption: string;
  startDate: IsoDate;
  players: readonly NewWeeklyBalancePlayer[];
  totals: readonly NewWeeklyBalanceTotals[];
  totalsLabel: string;
  locale: string;
  onOpenDay: (day: OpenDay) => void;
}

/** One agent's players with its totals per currency; with no players, just the totals (grand totals). */
export function BlockTable(props: BlockTableProps) {
  const { caption, startDate, players, totals, totalsLabel, locale, onOpenDay } = props;
  const { t } = useTranslation();
  const dates = DAY_KEYS.map((_, i) => addDays(startDate, i));
  const dayNames = dates.map((d) =>
    formatDay(d, locale, { weekday: 'short', month: 'short', day: 'numeric' }),
  );
  return (
    <div className="table-scroll" role="region" aria-label={caption} tabIndex={0}>
      <table className="report-table report-table--tight nwb-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="col-player">
              {t('weeklyBalance.columns.player')}
            </th>
            <th scope="col" className="num">
              {t('weeklyBalance.columns.carry')}
            </th>
            {DAY_KEYS.map((day, i) => (
              <th key={day} scope="col" className="num">
                <span className="th-stack">
                  {t(`weeklyBalance.days.${day}`)}
                  <span className="th-stack__sub">
                    {formatDay(dates[i]!, locale, { month: 'short', day: 'numeric' })}
                  </span>
                </span>
              </th>
            ))}
            {AFTER_DAYS.map((c) => (
              <th
                key={c.key}
                scope="col"
                className={c.key === 'ending' ? 'num col-ending col-key' : 'num'}
              >
                {t(`newWeeklyBalance.columns.${c.key}`)}
              </th>
            ))}
          </tr>
        </thead>
        {players.length > 0 && (
          <tbody>
            {players.map((row) => (
              <PlayerRow
                key={row.IdPlayer}
                row={row}
                dayNames={dayNames}
                locale={locale}
                onOpenDay={onOpenDay}
              />
            ))}
          </tbody>
        )}
        <tfoot>
          {totals.map((total, i) => {
            const money = { currency: total.Currency, locale };
            // Several currencies' totals stick to the bottom of the scroll box, stacked.
            const bottom = { '--sticky-bottom': `${(totals.length - 1 - i) * TOTAL_ROW_PX}px` };
            return (
              <tr key={total.Currency} style={bottom as CSSProperties}>
                <th scope="row" className="col-player">
                  {totals.length > 1 ? `${totalsLabel} ${total.Currency}` : totalsLabel}
                </th>
                <MoneyCell {...money} minor={total.Carry} />
                {total.Days.map((minor, d) => (
                  <MoneyCell key={d} {...money} minor={minor} />
                ))}
                <AfterDayCells figures={total} money={money} />
              </tr>
            );
          })}
        </tfoot>
      </table>
    </div>
  );
}
