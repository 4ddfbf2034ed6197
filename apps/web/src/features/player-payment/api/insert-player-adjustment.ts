import { insertPlayerAdjustment } from '@backline/contract/reports/player-payment';
import type { BodyOf, ResponseOf } from '@backline/contract/core/endpoint';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { invalidateBalanceReports } from './insert-player-payment';

export type NewPlayerAdjustment = BodyOf<typeof insertPlayerAdjustment>;

export function postPlayerAdjustment(
  adjustment: NewPlayerAdjustment,
): Promise<ResponseOf<typeof insertPlayerAdjustment>> {
  return apiCall(insertPlayerAdjustment, { body: adjustment });
}

export function useInsertPlayerAdjustment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postPlayerAdjustment,
    onSuccess: () => invalidateBalanceReports(queryClient),
  });
}
