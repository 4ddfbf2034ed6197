import { insertAgentPayment } from '@backline/contract/endpoints/money-reports';
import type { BodyOf, ResponseOf } from '@backline/contract/endpoint';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

export type NewAgentPayment = BodyOf<typeof insertAgentPayment>;

export function postAgentPayment(
  payment: NewAgentPayment,
): Promise<ResponseOf<typeof insertAgentPayment>> {
  return apiCall(insertAgentPayment, { body: payment });
}

export function useInsertAgentPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postAgentPayment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['agent-payments'] }),
  });
}
