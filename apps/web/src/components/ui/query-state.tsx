// One loading / error / empty cascade for every query a screen shows: a first load shows the table's
// skeleton (a dialog's spinner, a section's line), a failure with nothing to show offers a retry, and
// a failed refresh keeps the data below it.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '@/lib/errors';
import { BusyStatus, EmptyState, ErrorState } from './states';
import { TableSkeleton } from './table-skeleton';

/** What the cascade reads of a TanStack query (a `UseQueryResult` fits). */
export interface QueryLike<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  isError: boolean;
  refetch: () => Promise<unknown>;
}

interface QueryStateProps<T> {
  query: QueryLike<T>;
  /** The status line while the first load runs (the skeleton's, read to screen readers). */
  loading?: string;
  /** How the first load shows: a table's skeleton, a dialog's spinner, or a section's line. */
  pending?: 'skeleton' | 'spinner' | 'line';
  /** Said instead of `children` when `isEmpty` holds for the data. */
  empty?: string;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}

export function QueryState<T>(props: QueryStateProps<T>) {
  const { query, loading, pending = 'skeleton', empty, isEmpty, children } = props;
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const { data } = query;
  const loadingText = loading ?? t('common.loading');
  const retry = () => void query.refetch();
  if (query.isPending) {
    if (pending === 'spinner') return <BusyStatus message={loadingText} />;
    if (pending === 'line') return <p role="status">{loadingText}</p>;
    return <TableSkeleton label={loadingText} />;
  }
  if (data === undefined) {
    return query.isError ? (
      <ErrorState message={errorMessage(query.error)} onRetry={retry} />
    ) : null;
  }
  if (empty !== undefined && isEmpty?.(data)) return <EmptyState message={empty} />;
  return (
    <>
      {query.isError && <ErrorState message={errorMessage(query.error)} onRetry={retry} />}
      {children(data)}
    </>
  );
}
