import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, UnauthorizedError } from './api-client';

// Client errors will not change on a retry; only network failures and 5xx are worth a second try.
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(onUnauthorized: () => void): QueryClient {
  const onError = (error: unknown) => {
    if (error instanceof UnauthorizedError) onUnauthorized();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: shouldRetry,
        // Focus moves in and out of the frame all the time; refetching on each would flicker.
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
