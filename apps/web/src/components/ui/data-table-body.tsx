// A DataTable's rows; from a threshold only those in view, between two spacers that keep the
// scroll height (rows have a fixed height, so the virtualizer measures nothing).
import { useVirtualizer } from '@tanstack/react-virtual';
import type { ReactNode, RefObject } from 'react';
import { bodyCell, type DataColumn } from './data-table-columns';

interface RowSlice {
  indexes: readonly number[];
  padTop: number;
  padBottom: number;
}

/**
 * The rows to render: all of them under `from`, else those in view of the scroll box. Called by the
 * component that holds the box's ref, so the box exists when the virtualizer first looks for it.
 */
export function useVirtualRows(
  count: number,
  rowHeight: number,
  from: number,
  scrollRef: RefObject<HTMLDivElement | null>,
): RowSlice {
  const virtual = count >= from;
  // The virtualizer hands back functions React Compiler must not memoize; it re-renders on scroll.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 12,
    enabled: virtual,
  });
  if (!virtual)
    return { indexes: Array.from({ length: count }, (_, i) => i), padTop: 0, padBottom: 0 };
  const visible = virtualizer.getVirtualItems();
  const lastEnd = visible.at(-1)?.end;
  return {
    indexes: visible.map((v) => v.index),
    padTop: visible[0]?.start ?? 0,
    padBottom: lastEnd === undefined ? 0 : virtualizer.getTotalSize() - lastEnd,
  };
}

interface DataTableBodyProps<T, Total> {
  rows: readonly T[];
  rowIds: readonly string[];
  columns: readonly DataColumn<T, Total>[];
  locale: string;
  slice: RowSlice;
  rowClassName?: (row: T) => string | undefined;
  start?: ReactNode;
}

export function DataTableBody<T, Total>(props: DataTableBodyProps<T, Total>) {
  const { rows, rowIds, columns, locale, slice } = props;
  return (
    <tbody>
      {props.start}
      <Spacer height={slice.padTop} span={columns.length} />
      {slice.indexes.map((i) => {
        const row = rows[i]!;
        return (
          <tr key={rowIds[i]} className={props.rowClassName?.(row)}>
            {columns.map((column, c) =>
              bodyCell(
                column as DataColumn<unknown, unknown>,
                column.cell?.(row),
                column.money?.(row),
                locale,
                c === 0,
              ),
            )}
          </tr>
        );
      })}
      <Spacer height={slice.padBottom} span={columns.length} />
    </tbody>
  );
}

function Spacer({ height, span }: { height: number; span: number }) {
  if (height <= 0) return null;
  return (
    <tr className="spacer" aria-hidden="true" style={{ height }}>
      <td colSpan={span} />
    </tr>
  );
}
