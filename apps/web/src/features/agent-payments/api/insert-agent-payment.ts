import { insertAgentPayment } from '@backline/contract/reports/agent-payments';
import type { BodyOf, ResponseOf } from '@backline/contract/core/endpoint';
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
