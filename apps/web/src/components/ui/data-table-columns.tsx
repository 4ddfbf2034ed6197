// How a DataTable column is described and drawn: its heading (a sort button when it sorts), its
// cells (money through MoneyCell, in the row's own currency) and its totals cells.
import type { SortDir } from '@backline/contract/core/common';
import type { Column } from '@tanstack/react-table';
import type { CSSProperties, ReactNode } from 'react';
import { MoneyCell } from './money-cell';

/** An amount in minor units and its currency; neutral amounts (limits, stakes) are not coloured. */
export interface MoneyValue {
  minor: number;
  currency: string;
  neutral?: boolean;
}

/** The column a table is sorted by; desc puts the biggest (or last) first. */
export interface Sort {
  id: string;
  desc: boolean;
}

/** The table's sort as a screen's URL keeps it (?sort=&dir=). */
export interface UrlSort<S extends string> {
  sort: S;
  dir: SortDir;
}

export const tableSort = <S extends string>({ sort, dir }: UrlSort<S>): Sort => ({
  id: sort,
  desc: dir === 'desc',
});

/** The URL's sort of a heading clicked: the table offers only the screen's own keys. */
export const urlSort = <S extends string>(next: Sort): UrlSort<S> => ({
  sort: next.id as S,
  dir: next.desc ? 'desc' : 'asc',
});

export interface DataColumn<T, Total = never> {
  id: string;
  header: string;
  /** Classes of the column's cells and totals cells (money cells add `num`). */
  className?: string;
  /** Classes of the heading, when not those its cells' classes give it (see headingClasses). */
  headerClassName?: string;
  /** A fixed-layout table's column: its width, or a class that sets it. */
  width?: string;
  colClassName?: string;
  cell?: (row: T) => ReactNode;
  /** The cell is an amount: drawn by MoneyCell in its currency. */
  money?: (row: T) => MoneyValue;
  /** The table sorts its rows by this value (text by the locale, numbers by size). */
  sortValue?: (row: T) => string | number;
  /** For tables whose caller sorts: the heading is a sort button all the same. */
  sortable?: boolean;
  /** The first click sorts biggest first (figures); text sorts A to Z first. */
  descFirst?: boolean;
  total?: (total: Total) => ReactNode;
  totalMoney?: (total: Total) => MoneyValue;
  /** The totals cell spans this many columns from here (e.g. a count said across text columns). */
  totalSpan?: number;
  totalClassName?: string;
}

type Figures<F extends string> = Record<F, number> & { Currency: string };

/**
 * A money figure of the rows, totalled per currency, that sorts biggest first: `field` names the
 * amount on a row and on a totals line alike.
 */
export function figureColumn<F extends string, T extends Figures<F>, Total extends Figures<F>>(
  field: F,
  id: string,
  header: string,
  className?: string,
): DataColumn<T, Total> {
  return {
    id,
    header,
    className,
    sortable: true,
    descFirst: true,
    money: (row) => ({ minor: row[field], currency: row.Currency }),
    totalMoney: (total) => ({ minor: total[field], currency: total.Currency }),
  };
}

const ARIA = { asc: 'ascending', desc: 'descending' } as const;
// Classes that style a whole column (alignment, the pinned and the key columns); the others style
// only what a cell holds (a mono login, a muted name) and stay off the heading.
const COLUMN_CLASSES = new Set(['num', 'col-player', 'col-key', 'col-total']);

/** A heading's classes from its cells': the whole-column ones, and `num` over amounts. */
function headingClasses(column: { className?: string; money?: unknown }): string {
  const own = (column.className ?? '').split(' ').filter((c) => COLUMN_CLASSES.has(c));
  return [...new Set([...(column.money ? ['num'] : []), ...own])].join(' ');
}

/** The first column is the pinned one (report.css, .col-player). */
function classes(column: { className?: string }, first: boolean, own = column.className) {
  const list = [first && !own?.includes('col-player') ? 'col-player' : '', own ?? ''];
  return list.filter(Boolean).join(' ') || undefined;
}

export function headerCell<T, Total>(
  column: DataColumn<T, Total>,
  state: Column<T>,
  first: boolean,
) {
  const className = classes(column, first, column.headerClassName ?? headingClasses(column));
  if (!state.getCanSort()) {
    return (
      <th key={column.id} scope="col" className={className}>
        {column.header}
      </th>
    );
  }
  const sorted = state.getIsSorted();
  const current = sorted ? ARIA[sorted] : undefined;
  return (
    <th
      key={column.id}
      scope="col"
      aria-sort={current}
      className={`sortable${className ? ` ${className}` : ''}`}
    >
      <button type="button" className="sort-button" onClick={state.getToggleSortingHandler()}>
        <span className="sort-button__label">{column.header}</span>
        <span className={`sort-icon sort-icon--${current ?? 'none'}`} aria-hidden="true" />
      </button>
    </th>
  );
}

export function bodyCell<T>(
  column: DataColumn<T, unknown>,
  content: ReactNode,
  money: MoneyValue | undefined,
  locale: string,
  first: boolean,
  span?: number,
) {
  const className = classes(column, first, span ? column.totalClassName : column.className);
  if (first) {
    return (
      <th key={column.id} scope="row" className={className}>
        {content}
      </th>
    );
  }
  if (money) return <MoneyCell key={column.id} {...money} locale={locale} className={className} />;
  return (
    <td key={column.id} className={className} colSpan={span}>
      {content}
    </td>
  );
}

interface TotalsProps<T, Total> {
  totals: readonly Total[];
  totalKey: (total: Total) => string;
  columns: readonly DataColumn<T, Total>[];
  locale: string;
  /** Each row's height: the rows stack at the bottom of the scroll box, the last one lowest. */
  height: number;
}

export function Totals<T, Total>({
  totals,
  totalKey,
  columns,
  locale,
  height,
}: TotalsProps<T, Total>) {
  return (
    <tfoot>
      {totals.map((total, i) => (
        <tr
          key={totalKey(total)}
          style={{ '--sticky-bottom': `${(totals.length - 1 - i) * height}px` } as CSSProperties}
        >
          {totalCells(columns, total, locale)}
        </tr>
      ))}
    </tfoot>
  );
}

function totalCells<T, Total>(
  columns: readonly DataColumn<T, Total>[],
  total: Total,
  locale: string,
) {
  const cells: ReactNode[] = [];
  for (let c = 0; c < columns.length; c += columns[c]!.totalSpan ?? 1) {
    const column = columns[c]!;
    cells.push(
      bodyCell(
        column as DataColumn<unknown, unknown>,
        column.total?.(total),
        column.totalMoney?.(total),
        locale,
        c === 0,
        column.totalSpan,
      ),
    );
  }
  return cells;
}
