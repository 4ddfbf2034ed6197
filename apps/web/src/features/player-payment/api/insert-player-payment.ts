import { insertPlayerPayment } from '@backline/contract/reports/player-payment';
import type { BodyOf, ResponseOf } from '@backline/contract/core/endpoint';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

export type NewPlayerPayment = BodyOf<typeof insertPlayerPayment>;

export function postPlayerPayment(
  payment: NewPlayerPayment,
): Promise<ResponseOf<typeof insertPlayerPayment>> {
  return apiCall(insertPlayerPayment, { body: payment });
}

/** A payment or an adjustment moves the player's balance: every report that shows it is stale now. */
export function invalidateBalanceReports(queryClient: QueryClient) {
  return Promise.all(
    [
      'player-payment',
      'player-history',
      'player-standing',
      'weekly-balance',
      'new-weekly-balance',
      'cash-flow',
    ].map((key) => queryClient.invalidateQueries({ queryKey: [key] })),
  );
}

export function useInsertPlayerPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postPlayerPayment,
    onSuccess: () => invalidateBalanceReports(queryClient),
  });
}
