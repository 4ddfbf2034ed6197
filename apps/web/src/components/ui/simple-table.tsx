// A small fixed table (a dialog's legs or transactions, a summary card): its scroll region, named
// for keyboard and screen-reader users, its header row and body. Reports use DataTable; these have
// no sort, totals or pinned first column, and stay plain markup.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState, type QueryLike } from './query-state';

interface TableScrollProps {
  /** The region's name: the table's caption or the dialog's title. */
  label: string;
  /** Inside a dialog: the scroll box keeps to the dialog's height. */
  dialog?: boolean;
  children: ReactNode;
}

export function TableScroll({ label, dialog = false, children }: TableScrollProps) {
  const className = dialog ? 'table-scroll table-scroll--dialog' : 'table-scroll';
  return (
    <div className={className} role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

export interface TableHeadProps<K extends string = string> {
  /** The i18n prefix of the headings: each column's heading is `${prefix}.${key}`. */
  prefix: string;
  columns: readonly K[];
  /** The class of a column's heading, as its cells have it (`num` sets figures right). */
  classes?: Partial<Record<K, string>>;
}

export function TableHead<K extends string>({ prefix, columns, classes }: TableHeadProps<K>) {
  const { t } = useTranslation();
  return (
    <thead>
      <tr>
        {columns.map((key) => (
          <th key={key} scope="col" className={classes?.[key]}>
            {t(`${prefix}.${key as string}`)}
          </th>
        ))}
      </tr>
    </thead>
  );
}

interface SimpleTableProps {
  className: string;
  head: TableHeadProps;
  /** Read by screen readers only. */
  caption?: string;
  /** The rows of the body. */
  children: ReactNode;
  /** A tfoot with the totals. */
  footer?: ReactNode;
}

export function SimpleTable({ className, head, caption, children, footer }: SimpleTableProps) {
  return (
    <table className={className}>
      {caption !== undefined && <caption className="visually-hidden">{caption}</caption>}
      <TableHead {...head} />
      <tbody>{children}</tbody>
      {footer}
    </table>
  );
}

// A dialog's table: compact, in a scroll box that keeps to the dialog's height and is named by the
// dialog's title; read from a query, it shows the dialog's spinner, then its empty line or the rows.
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
