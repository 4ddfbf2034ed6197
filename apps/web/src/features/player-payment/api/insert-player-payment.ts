import { insertPlayerPayment } from '@backline/contract/endpoints/money-reports';
import type { BodyOf, ResponseOf } from '@backline/contract/endpoint';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

export type NewPlayerPayment = BodyOf<typeof insertPlayerPayment>;

export function postPlayerPayment(
  payment: NewPlayerPayment,
): Promise<ResponseOf<typeof insertPlayerPayment>> {
  return apiCall(insertPlayerPayment, { body: payment });
}

export function useInsertPlayerPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postPlayerPayment,
    // A payment moves the player's balance: every report that shows it is stale now.
    onSuccess: () =>
      Promise.all(
        [
          'player-payment',
          'player-history',
          'player-standing',
          'weekly-balance',
          'new-weekly-balance',
          'cash-flow',
        ].map((key) => queryClient.invalidateQueries({ queryKey: [key] })),
      ),
  });
}
