import { decideAgentSignUp, getAgentSignUps } from '@backline/contract/calls/sign-up';
import { useQuery } from '@tanstack/react-query';
import type { AgentTerms } from '@/components/agent-terms/agent-terms';
import { apiCall } from '@/lib/api-client';
import { endpointQueryOptions, useChange } from '@/lib/queries';

export type SignUpStatus = 'pending' | 'approved' | 'rejected';

/** What an approval gives the new agent: its parent, its rights and its caps (minor units). */
export type ApprovalTerms = AgentTerms;

type DecideInput =
  | ({ IdSignUp: number; Decision: 'approve' } & ApprovalTerms)
  | { IdSignUp: number; Decision: 'reject' };

export const agentSignUpsQueryOptions = (status: SignUpStatus) =>
  endpointQueryOptions(['agent-sign-ups', status], getAgentSignUps, { query: { status } });

export const useAgentSignUps = (status: SignUpStatus) => useQuery(agentSignUpsQueryOptions(status));

export const useDecideAgentSignUp = () =>
  useChange(
    (input: DecideInput) =>
      apiCall(decideAgentSignUp, {
        // The new agent's e-mailed link is built on this page's origin.
        body: { ...input, currentURL: window.location.href },
      }),
    // An approval makes an agent: the tree and the parents a new agent may go under change too.
    ['agent-sign-ups', 'agent-tree', 'new-agent-parents'],
  );
