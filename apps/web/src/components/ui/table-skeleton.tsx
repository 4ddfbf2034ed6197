import './report.css';
import './table-skeleton.css';

const ROWS = 8;

/** The report's own loading state: the table's outline, shimmering, with a status for readers. */
export function TableSkeleton({ label }: { label: string }) {
  return (
    <div className="table-skeleton">
      <p className="visually-hidden" role="status">
        {label}
      </p>
      <div className="table-skeleton__rows" aria-hidden="true">
        {Array.from({ length: ROWS }, (_, i) => (
          <div key={i} className="table-skeleton__row" />
        ))}
      </div>
    </div>
  );
}
