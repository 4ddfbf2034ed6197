import type { BodyOf, ResponseOf } from '@backline/contract/core/endpoint';
import { wagerDelete as wagerDeleteEndpoint } from '@backline/contract/reports/wagers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

export type WagerDeleteInput = BodyOf<typeof wagerDeleteEndpoint>;
export type WagerDeleteResult = ResponseOf<typeof wagerDeleteEndpoint>;

export function wagerDelete(input: WagerDeleteInput): Promise<WagerDeleteResult> {
  return apiCall(wagerDeleteEndpoint, { body: input });
}

export function useWagerDelete() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: wagerDelete,
    // Every wager list, summary and the wager itself changed: none may be served from cache.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['wagers'] }),
  });
}
