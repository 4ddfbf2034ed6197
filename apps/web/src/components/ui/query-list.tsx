// A query's answer as a stacked list (keys, passkeys, notifications): the query's loading / error /
// empty cascade, then one item a row.
import type { ReactNode } from 'react';
import { QueryState, type QueryLike } from './query-state';

interface QueryListProps<T, I> {
  query: QueryLike<T>;
  /** The answer's items; none says `empty`. */
  items: (data: T) => readonly I[];
  empty: string;
  loading?: string;
  pending?: 'skeleton' | 'spinner' | 'line';
  /** The list's own class (stack-list lays it out) and name. */
  className: string;
  label?: string;
  /** An item's row: an element keyed by the item. */
  children: (item: I) => ReactNode;
}

export function QueryList<T, I>(props: QueryListProps<T, I>) {
  const { query, items, className, label, children } = props;
  return (
    <QueryState
      query={query}
      pending={props.pending}
      loading={props.loading}
      empty={props.empty}
      isEmpty={(data) => items(data).length === 0}
    >
      {(data) => (
        <ul className={`${className} stack-list`} aria-label={label}>
          {items(data).map((item) => children(item))}
        </ul>
      )}
    </QueryState>
  );
}
