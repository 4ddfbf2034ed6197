import type {
  WeeklyBalanceResponse,
  WeeklyBalanceRow,
} from '@backline/contract/endpoints/weekly-balance';
import { formatMoney } from '@backline/contract/money';
import { addDays } from '@backline/contract/periods';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { MoneyCell, toneOf } from '@/components/ui/money-cell';
import { formatDay } from '@/lib/format';
import { columnWidths } from '../utils/column-widths';
import {
  DAY_COUNT,
  FIGURES,
  NUMERIC_KEYS,
  dayKey,
  type NumericKey,
  type Sort,
  type SortKey,
} from '../utils/rows';

// Rows have a fixed height in CSS, so the virtualizer needs no measuring.
const ROW_HEIGHT = 44;
// Below this the whole table is rendered: nothing to gain, and find-in-page keeps working.
const VIRTUALIZE_FROM = 120;
const DAY_KEYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
const COLUMN_COUNT = 1 + 1 + DAY_COUNT + 4;
// Cell padding, the sort icon and a little air, on top of a column's widest text.
const COLUMN_EXTRA_PX = 32;

// Several totals rows (one per currency) stack at the bottom of the scroll box, each above the next.
function stickyBottom(px: number): CSSProperties {
  return { '--sticky-bottom': `${px}px` } as CSSProperties;
}

export interface OpenDay {
  row: WeeklyBalanceRow;
  dayIndex: number;
}

interface WeeklyBalanceTableProps {
  report: WeeklyBalanceResponse;
  rows: readonly WeeklyBalanceRow[];
  sort: Sort | null;
  onSort: (key: SortKey) => void;
  onOpenDay: (day: OpenDay) => void;
  locale: string;
  caption: string;
}

function SortHeader(props: {
  sortKey: SortKey;
  sort: Sort | null;
  onSort: (key: SortKey) => void;
  label: string;
  sub?: string;
  className?: string;
}) {
  const { sortKey, sort, onSort, label, sub, className } = props;
  const direction = sort?.key === sortKey ? sort.direction : undefined;
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

export function WeeklyBalanceTable(props: WeeklyBalanceTableProps) {
  const { report, rows, sort, onSort, onOpenDay, locale, caption } = props;
  const { t } = useTranslation();
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualize = rows.length >= VIRTUALIZE_FROM;
  // The virtualizer hands back functions React Compiler must not memoize; it re-renders on scroll.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    enabled: virtualize,
  });

  const dates = DAY_KEYS.map((_, i) => addDays(report.StartDate, i));
  const labels = useMemo(
    () =>
      Object.fromEntries(
        NUMERIC_KEYS.map((key) => [
          key,
          key.startsWith('day')
            ? t(`weeklyBalance.days.${DAY_KEYS[Number(key.slice(3))]}`)
            : t(`weeklyBalance.columns.${key}`),
        ]),
      ) as Record<NumericKey, string>,
    [t],
  );
  const widths = useMemo(
    () => columnWidths(report, (minor, currency) => formatMoney(minor, currency, locale), labels),
    [report, locale, labels],
  );
  const totalChars = NUMERIC_KEYS.reduce((sum, key) => sum + widths[key], 0);
  const tableWidth = `calc(var(--player-col) + ${totalChars}ch + ${NUMERIC_KEYS.length * COLUMN_EXTRA_PX}px)`;
  const items = virtualize
    ? virtualizer.getVirtualItems().map((v) => v.index)
    : rows.map((_, index) => index);
  const first = virtualize ? virtualizer.getVirtualItems()[0] : undefined;
  const last = virtualize ? virtualizer.getVirtualItems().at(-1) : undefined;
  const padTop = first?.start ?? 0;
  const padBottom = last ? virtualizer.getTotalSize() - last.end : 0;
  const severalCurrencies = report.Totals.length > 1;

  return (
    <div ref={scrollRef} className="table-scroll" role="region" aria-label={caption} tabIndex={0}>
      <table
        className="report-table report-table--sortable"
        style={{ width: tableWidth }}
        aria-rowcount={rows.length + report.Totals.length + 1}
      >
        <caption className="visually-hidden">{caption}</caption>
        <colgroup>
          <col className="col-player-width" />
          {NUMERIC_KEYS.map((key) => (
            <col key={key} style={{ width: `calc(${widths[key]}ch + ${COLUMN_EXTRA_PX}px)` }} />
          ))}
        </colgroup>
        <thead>
          <tr aria-rowindex={1}>
            <SortHeader
              sortKey="player"
              sort={sort}
              onSort={onSort}
              label={t('weeklyBalance.columns.player')}
              className="col-player"
            />
            <SortHeader
              sortKey="carry"
              sort={sort}
              onSort={onSort}
              label={t('weeklyBalance.columns.carry')}
              className="num"
            />
            {DAY_KEYS.map((day, i) => (
              <SortHeader
                key={day}
                sortKey={dayKey(i)}
                sort={sort}
                onSort={onSort}
                label={t(`weeklyBalance.days.${day}`)}
                sub={formatDay(dates[i]!, locale, { month: 'short', day: 'numeric' })}
                className="num"
              />
            ))}
            {FIGURES.filter((f) => f.key !== 'carry').map((f) => (
              <SortHeader
                key={f.key}
                sortKey={f.key}
                sort={sort}
                onSort={onSort}
                label={t(`weeklyBalance.columns.${f.key}`)}
                className={`num${f.key === 'ending' ? ' col-ending' : ''}`}
              />
            ))}
          </tr>
        </thead>
        <tbody>
          {padTop > 0 && (
            <tr className="spacer" aria-hidden="true" style={{ height: padTop }}>
              <td colSpan={COLUMN_COUNT} />
            </tr>
          )}
          {items.map((index) => {
            const row = rows[index]!;
            return (
              <tr key={row.IdPlayer} aria-rowindex={index + 2}>
                <th scope="row" className="col-player">
                  <span className="player__login">{row.Player}</span>
                  <span className="player__name">{row.Name}</span>
                </th>
                <MoneyCell minor={row.Carry} currency={row.Currency} locale={locale} />
                {row.Days.map((minor, i) => (
                  <MoneyCell key={i} minor={minor} currency={row.Currency} locale={locale}>
                    {minor !== 0 ? (
                      <button
                        type="button"
                        className={`day-button money money--${toneOf(minor)}`}
                        aria-label={t('weeklyBalance.dayButton', {
                          amount: formatMoney(minor, row.Currency, locale),
                          player: row.Player,
                          day: formatDay(dates[i]!, locale, {
                            weekday: 'short',
                            month: 'short',
                            day: 'numeric',
                          }),
                        })}
                        onClick={() => onOpenDay({ row, dayIndex: i })}
                      >
                        {formatMoney(minor, row.Currency, locale)}
                      </button>
                    ) : null}
                  </MoneyCell>
                ))}
                {FIGURES.filter((f) => f.key !== 'carry').map((f) => (
                  <MoneyCell
                    key={f.key}
                    minor={f.value(row)}
                    currency={row.Currency}
                    locale={locale}
                    className={f.key === 'ending' ? 'col-ending' : undefined}
                  />
                ))}
              </tr>
            );
          })}
          {padBottom > 0 && (
            <tr className="spacer" aria-hidden="true" style={{ height: padBottom }}>
              <td colSpan={COLUMN_COUNT} />
            </tr>
          )}
        </tbody>
        <tfoot>
          {report.Totals.map((total, i) => (
            <tr
              key={total.Currency}
              aria-rowindex={rows.length + 2 + i}
              style={stickyBottom((report.Totals.length - 1 - i) * ROW_HEIGHT)}
            >
              <th scope="row" className="col-player">
                {severalCurrencies
                  ? `${t('weeklyBalance.totals')} ${total.Currency}`
                  : t('weeklyBalance.totals')}
              </th>
              <MoneyCell minor={total.Carry} currency={total.Currency} locale={locale} />
              {total.Days.map((minor, d) => (
                <MoneyCell key={d} minor={minor} currency={total.Currency} locale={locale} />
              ))}
              {FIGURES.filter((f) => f.key !== 'carry').map((f) => (
                <MoneyCell
                  key={f.key}
                  minor={f.value(total)}
                  currency={total.Currency}
                  locale={locale}
                  className={f.key === 'ending' ? 'col-ending' : undefined}
                />
              ))}
            </tr>
          ))}
        </tfoot>
      </table>
    </div>
  );
}
