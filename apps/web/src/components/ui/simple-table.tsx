// A small fixed table (a dialog's legs or transactions, a summary card): its scroll region, named
// for keyboard and screen-reader users, its header row and body. Reports use DataTable; these have
// no sort, totals or pinned first column, and stay plain markup.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

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
