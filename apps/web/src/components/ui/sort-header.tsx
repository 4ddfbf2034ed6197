export type SortDirection = 'ascending' | 'descending';

interface SortHeaderProps<K extends string> {
  sortKey: K;
  /** The column the table is sorted by, and how. */
  sortedBy: K | null;
  direction: SortDirection;
  onSort: (key: K) => void;
  label: string;
  className?: string;
}

/** A column header that sorts its table: a real button inside, the state in aria-sort. */
export function SortHeader<K extends string>(props: SortHeaderProps<K>) {
  const { sortKey, sortedBy, direction, onSort, label, className } = props;
  const current = sortedBy === sortKey ? direction : undefined;
  return (
    <th scope="col" aria-sort={current} className={`sortable${className ? ` ${className}` : ''}`}>
      <button type="button" className="sort-button" onClick={() => onSort(sortKey)}>
        <span className="sort-button__label">{label}</span>
        <span className={`sort-icon sort-icon--${current ?? 'none'}`} aria-hidden="true" />
      </button>
    </th>
  );
}
