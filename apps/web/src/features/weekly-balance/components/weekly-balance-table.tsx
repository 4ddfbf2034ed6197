import type {
  WeeklyBalanceResponse,
  WeeklyBalanceRow,
  WeeklyBalanceSort,
} from '@backline/contract/reports/weekly-balance';
import { formatMoney } from '@backline/contract/core/money';
import { addDays } from '@backline/contract/core/periods';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpenDay } from '@/components/daily-transactions/day-cells';
import { formatDay } from '@/lib/format';
import type { SortDir } from '../api/get-weekly-balance';
import { columnCss } from '@/lib/column-width';
import { columnWidths } from '../utils/column-widths';
import { NUMERIC_KEYS, type NumericKey } from '../utils/rows';
import { PlayerRow } from './player-row';
import { DAY_KEYS, isMinor } from './table-columns';
import { TableHeader } from './table-header';
import { TotalsRows } from './totals-rows';

// Rows have a fixed height in CSS, so the virtualizer needs no measuring.
const ROW_HEIGHT = 44;
// Below this the whole page is rendered (the default page of 100 rows is): nothing to gain, and
// find-in-page keeps working. Larger page sizes from the URL (up to 1,000) are virtualized.
const VIRTUALIZE_FROM = 120;
const COLUMN_COUNT = 1 + NUMERIC_KEYS.length;

interface WeeklyBalanceTableProps {
  /** One page of the week, with the whole week's totals. */
  report: WeeklyBalanceResponse;
  sort: WeeklyBalanceSort;
  dir: SortDir;
  onSort: (key: WeeklyBalanceSort) => void;
  onOpenDay: (day: OpenDay<WeeklyBalanceRow>) => void;
  locale: string;
  caption: string;
}

function Spacer({ height }: { height: number }) {
  if (height <= 0) return null;
  return (
    <tr className="spacer" aria-hidden="true" style={{ height }}>
      <td colSpan={COLUMN_COUNT} />
    </tr>
  );
}

export function WeeklyBalanceTable(props: WeeklyBalanceTableProps) {
  const { report, sort, dir, onSort, onOpenDay, locale, caption } = props;
  const rows = report.Rows;
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

  // Another page, order or search starts at its top, as a new page would; a refetch of the same
  // rows (after a payment, say) leaves the reader where they were.
  const firstRow = rows[0]?.IdPlayer;
  useEffect(() => {
    scrollRef.current?.scrollTo({ top: 0 });
  }, [report.Page, firstRow]);

  const dates = useMemo(
    () => DAY_KEYS.map((_, i) => addDays(report.StartDate, i)),
    [report.StartDate],
  );
  const dayNames = useMemo(
    () =>
      dates.map((d) => formatDay(d, locale, { weekday: 'short', month: 'short', day: 'numeric' })),
    [dates, locale],
  );
  const widths = useMemo(() => {
    const labels = Object.fromEntries(
      NUMERIC_KEYS.map((key) => [
        key,
        key.startsWith('day')
          ? t(`weeklyBalance.days.${DAY_KEYS[Number(key.slice(3))]}`)
          : t(`weeklyBalance.columns.${key}`),
      ]),
    ) as Record<NumericKey, string>;
    return columnWidths(report, (minor, currency) => formatMoney(minor, currency, locale), labels);
  }, [report, locale, t]);
  const columns = NUMERIC_KEYS.map((key) => columnCss(widths[key], isMinor(key)));
  const tableWidth = `calc(var(--player-col) + ${columns.join(' + ')})`;

  const visible = virtualize ? virtualizer.getVirtualItems() : null;
  const indexes = visible ? visible.map((v) => v.index) : rows.map((_, index) => index);
  const padTop = visible?.[0]?.start ?? 0;
  const lastEnd = visible?.at(-1)?.end;
  const padBottom = lastEnd === undefined ? 0 : virtualizer.getTotalSize() - lastEnd;
  // Row positions count over the whole result, so "row 105 of 2,014" reads true on page 2.
  const offset = (report.Page - 1) * (report.PageSize ?? 0);

  return (
    <div ref={scrollRef} className="table-scroll" role="region" aria-label={caption} tabIndex={0}>
      <table
        className="report-table report-table--sortable report-table--tight"
        style={{ width: tableWidth }}
        aria-rowcount={report.TotalRows + report.Totals.length + 1}
      >
        <caption className="visually-hidden">{caption}</caption>
        <colgroup>
          <col className="col-player-width" />
          {NUMERIC_KEYS.map((key, i) => (
            <col key={key} style={{ width: columns[i] }} />
          ))}
        </colgroup>
        <TableHeader dates={dates} sort={sort} dir={dir} onSort={onSort} locale={locale} />
        <tbody>
          <Spacer height={padTop} />
          {indexes.map((index) => (
            <PlayerRow
              key={rows[index]!.IdPlayer}
              row={rows[index]!}
              rowIndex={offset + index + 2}
              dayNames={dayNames}
              locale={locale}
              onOpenDay={onOpenDay}
            />
          ))}
          <Spacer height={padBottom} />
        </tbody>
        <TotalsRows
          totals={report.Totals}
          firstRowIndex={report.TotalRows + 2}
          rowHeight={ROW_HEIGHT}
          locale={locale}
        />
      </table>
    </div>
  );
}
