import type { Right } from '@backline/contract/core/enums';
import { decideAgentSignUp, getAgentSignUps } from '@backline/contract/calls/sign-up';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

export type SignUpStatus = 'pending' | 'approved' | 'rejected';

/** What an approval gives the new agent: its parent, its rights and its caps (minor units). */
export interface ApprovalTerms {
  IdParent: number;
  Rights: Right[];
  CreditLimitCap: number;
  MaxWagerCap: number;
}

type DecideInput =
  | ({ IdSignUp: number; Decision: 'approve' } & ApprovalTerms)
  | { IdSignUp: number; Decision: 'reject' };

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
    mutationFn: (input: DecideInput) =>
      apiCall(decideAgentSignUp, {
        // The new agent's e-mailed link is built on this page's origin.
        body: { ...input, currentURL: window.location.href },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['agent-sign-ups'] }),
  });
}
