// Every report's table: TanStack Table for the columns and their sort, TanStack Virtual for long
// bodies (rows have a fixed height in report.css, so nothing is measured), totals rows per currency
// kept in view at the bottom, the first column pinned at the left (report.css, .col-player).
import {
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type SortingState,
} from '@tanstack/react-table';
import type { Conversion } from '@backline/contract/core/common';
import type { z } from 'zod';
import { useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { ConversionNote } from '@/components/currency/conversion-note';
import { DataTableBody, useVirtualRows } from './data-table-body';
import { headerCell, Totals, type DataColumn, type Sort } from './data-table-columns';
import './report.css';

export type { DataColumn, MoneyValue, Sort, UrlSort } from './data-table-columns';
export { figureColumn, tableSort, urlSort } from './data-table-columns';

interface DataTableProps<T, Total> {
  rows: readonly T[];
  columns: readonly DataColumn<T, Total>[];
  /** The table's caption, also the scroll region's name. */
  caption: string;
  getRowId: (row: T) => string;
  locale: string;
  /** More classes beside report-table. */
  className?: string;
  tableStyle?: CSSProperties;
  /** One totals row each (one per currency), in the footer. */
  totals?: readonly Total[];
  totalKey?: (total: Total) => string;
  /** A footer of the page's own instead of the totals rows. */
  footer?: ReactNode;
  /** A class for a row that stands out, e.g. a sharp player. */
  rowClassName?: (row: T) => string | undefined;
  /** A row before the data, e.g. an opening balance. */
  bodyStart?: ReactNode;
  /** The sort the table opens with, when it sorts its rows itself. */
  initialSort?: Sort | null;
  /** Given with onSort, the rows come sorted by the caller, which keeps the sort. */
  sort?: Sort | null;
  onSort?: (sort: Sort) => void;
  /**
   * Rows of several currencies were ordered by their amounts in this one: a note above the table
   * says so, with the rates.
   */
  rankedIn?: z.output<typeof Conversion>;
  /** A refresh is under way: a thin bar runs over the table. */
  fetching?: boolean;
  rowHeight?: number;
  totalRowHeight?: number;
  /** From this many rows only those in view (and a margin) are rendered. */
  virtualizeFrom?: number;
}

export function DataTable<T, Total = never>(props: DataTableProps<T, Total>) {
  const { rows, columns, caption, locale, className, tableStyle, fetching } = props;
  const { sort, onSort, rowHeight = 44 } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const controlled = onSort !== undefined;
  const [ownSort, setOwnSort] = useState<SortingState>(sortingOf(props.initialSort));
  const sorting = controlled ? sortingOf(sort) : ownSort;
  const collator = new Intl.Collator(locale, { numeric: true, sensitivity: 'base' });
  const defs: ColumnDef<T>[] = columns.map((column) => ({
    id: column.id,
    accessorFn: column.sortValue ?? (() => 0),
    enableSorting: column.sortValue !== undefined || (controlled && column.sortable === true),
    sortDescFirst: column.descFirst ?? false,
    sortingFn: (a, b, id) => compareValues(a.getValue(id), b.getValue(id), collator),
  }));
  // TanStack Table hands back functions React Compiler must not memoize.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable<T>({
    data: rows as T[],
    columns: defs,
    state: { sorting },
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      if (!controlled) setOwnSort(next);
      else if (next[0]) onSort({ id: next[0].id, desc: next[0].desc });
    },
    getRowId: (row) => props.getRowId(row),
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    manualSorting: controlled,
    enableMultiSort: false,
    enableSortingRemoval: false,
  });
  const model = table.getRowModel().rows;
  const slice = useVirtualRows(model.length, rowHeight, props.virtualizeFrom ?? 200, scrollRef);
  const widths = columns.some((c) => c.width !== undefined || c.colClassName !== undefined);

  return (
    <>
      {props.rankedIn && <ConversionNote conversion={props.rankedIn} kind="ranked" />}
      <div className="table-frame">
        {fetching && <span className="refresh-bar" aria-hidden="true" />}
        <div
          ref={scrollRef}
          className="table-scroll"
          role="region"
          aria-label={caption}
          tabIndex={0}
        >
          <table className={`report-table${className ? ` ${className}` : ''}`} style={tableStyle}>
            <caption className="visually-hidden">{caption}</caption>
            {widths && (
              <colgroup>
                {columns.map((c) => (
                  <col key={c.id} className={c.colClassName} style={{ width: c.width }} />
                ))}
              </colgroup>
            )}
            <thead>
              <tr>
                {table
                  .getHeaderGroups()[0]!
                  .headers.map((header, i) => headerCell(columns[i]!, header.column, i === 0))}
              </tr>
            </thead>
            <DataTableBody
              rows={model.map((r) => r.original)}
              rowIds={model.map((r) => r.id)}
              columns={columns}
              locale={locale}
              slice={slice}
              rowClassName={props.rowClassName}
              start={props.bodyStart}
            />
            {props.footer}
            {props.totals && props.totalKey && (
              <Totals
                totals={props.totals}
                totalKey={props.totalKey}
                columns={columns}
                locale={locale}
                height={props.totalRowHeight ?? rowHeight}
              />
            )}
          </table>
        </div>
      </div>
    </>
  );
}

function sortingOf(sort: Sort | null | undefined): SortingState {
  return sort ? [{ id: sort.id, desc: sort.desc }] : [];
}

function compareValues(a: unknown, b: unknown, collator: Intl.Collator): number {
  if (typeof a === 'string' && typeof b === 'string') return collator.compare(a, b);
  return Number(a) - Number(b);
}
