import { decideAgentSignUp, getAgentSignUps } from '@backline/contract/endpoints/sign-up';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

export type SignUpStatus = 'pending' | 'approved' | 'rejected';

export function agentSignUpsQueryOptions(status: SignUpStatus) {
  return queryOptions({
    queryKey: ['agent-sign-ups', status],
    queryFn: ({ signal }) => apiCall(getAgentSignUps, { query: { status }, signal }),
  });
}

export const useAgentSignUps = (status: SignUpStatus) => useQuery(agentSignUpsQueryOptions(status));

export function useDecideAgentSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { IdSignUp: number; Decision: 'approve' | 'reject' }) =>
      apiCall(decideAgentSignUp, {
        // The new agent's e-mailed link is built on this page's origin.
        body: { ...input, currentURL: window.location.href },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['agent-sign-ups'] }),
  });
}
