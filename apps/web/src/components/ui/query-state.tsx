// One loading / error / empty cascade for every report's query: a first load shows the table's
// skeleton, a failure with nothing to show offers a retry, and a failed refresh keeps the data below it.
import type { ReactNode } from 'react';
import { useErrorMessage } from '@/lib/errors';
import { EmptyState, ErrorState } from './states';
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
  /** The skeleton's status line, read to screen readers while the first load runs. */
  loading: string;
  /** Said instead of `children` when `isEmpty` holds for the data. */
  empty?: string;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}

export function QueryState<T>({ query, loading, empty, isEmpty, children }: QueryStateProps<T>) {
  const errorMessage = useErrorMessage();
  const { data } = query;
  const retry = () => void query.refetch();
  if (query.isPending) return <TableSkeleton label={loading} />;
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
