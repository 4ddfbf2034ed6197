import type { WeeklyBalanceSort } from '@backline/contract/reports/weekly-balance';
import type { IsoDate } from '@backline/contract/core/periods';
import { useTranslation } from 'react-i18next';
import { formatDay } from '@/lib/format';
import type { SortDir } from '../api/get-weekly-balance';
import { dayKey } from '../utils/rows';
import { AFTER_DAYS, DAY_KEYS, figureClass } from './table-columns';

interface SortState {
  sort: WeeklyBalanceSort;
  dir: SortDir;
  onSort: (key: WeeklyBalanceSort) => void;
}

interface SortHeaderProps extends SortState {
  sortKey: WeeklyBalanceSort;
  label: string;
  sub?: string;
  className?: string;
}

function SortHeader({ sortKey, sort, dir, onSort, label, sub, className }: SortHeaderProps) {
  const direction = sort === sortKey ? (dir === 'asc' ? 'ascending' : 'descending') : undefined;
  return (
    <th scope="col" aria-sort={direction} className={className}>
      <button type="button" className="sort-button" onClick={() => onSort(sortKey)}>
        <span className="sort-button__label">
          {label}
          {sub && <span className="sort-button__sub">{sub}</span>}
        </span>
        <span className={`sort-icon sort-icon--${direction ?? 'none'}`} aria-hidden="true" />
      </button>
    </th>
  );
}

interface TableHeaderProps extends SortState {
  dates: readonly IsoDate[];
  locale: string;
}

export function TableHeader({ dates, sort, dir, onSort, locale }: TableHeaderProps) {
  const { t } = useTranslation();
  const header = { sort, dir, onSort };
  return (
    <thead>
      <tr aria-rowindex={1}>
        <SortHeader
          {...header}
          sortKey="player"
          label={t('weeklyBalance.columns.player')}
          className="col-player"
        />
        <SortHeader
          {...header}
          sortKey="carry"
          label={t('weeklyBalance.columns.carry')}
          className="num"
        />
        {DAY_KEYS.map((day, i) => (
          <SortHeader
            {...header}
            key={day}
            sortKey={dayKey(i)}
            label={t(`weeklyBalance.days.${day}`)}
            sub={formatDay(dates[i]!, locale, { month: 'short', day: 'numeric' })}
            className="num"
          />
        ))}
        {AFTER_DAYS.map((f) => (
          <SortHeader
            {...header}
            key={f.key}
            sortKey={f.key}
            label={t(`weeklyBalance.columns.${f.key}`)}
            className={`num ${figureClass(f.key) ?? ''}`.trim()}
          />
        ))}
      </tr>
    </thead>
  );
}
