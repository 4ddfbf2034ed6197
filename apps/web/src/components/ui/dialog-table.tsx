// A dialog's table (a day's transactions, a wager's or a player's legs): compact, in a scroll box
// that keeps to the dialog's height and is named by the dialog's title; read from a query, it shows
// the dialog's spinner, then its empty line or the rows.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState, type QueryLike } from './query-state';
import { SimpleTable, TableScroll, type TableHeadProps } from './simple-table';

interface DialogTableProps {
  /** The scroll region's name: the dialog's title or the table's caption. */
  label: string;
  head: TableHeadProps;
  /** Read by screen readers only. */
  caption?: string;
  /** The rows of the body. */
  children: ReactNode;
}

export function DialogTable({ label, head, caption, children }: DialogTableProps) {
  return (
    <TableScroll label={label} dialog>
      <SimpleTable className="report-table report-table--compact" head={head} caption={caption}>
        {children}
      </SimpleTable>
    </TableScroll>
  );
}

interface DialogQueryTableProps<T> extends Omit<DialogTableProps, 'children'> {
  query: QueryLike<T>;
  /** The i18n prefix of its `loading` and `empty` texts. */
  texts: string;
  isEmpty: (data: T) => boolean;
  /** The rows of the body, once the data came. */
  children: (data: T) => ReactNode;
}

export function DialogQueryTable<T>(props: DialogQueryTableProps<T>) {
  const { query, texts, isEmpty, children, ...table } = props;
  const { t } = useTranslation();
  return (
    <QueryState
      query={query}
      pending="spinner"
      loading={t(`${texts}.loading`)}
      empty={t(`${texts}.empty`)}
      isEmpty={isEmpty}
    >
      {(data) => <DialogTable {...table}>{children(data)}</DialogTable>}
    </QueryState>
  );
}
