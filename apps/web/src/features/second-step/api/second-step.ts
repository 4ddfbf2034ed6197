// The signed-in agent's own second step: always asked as itself (Token id 0), also while it acts
// for a sub-agent, since an authenticator belongs to the person signed in.
import type { BodyOf } from '@backline/contract/core/endpoint';
import {
  confirmTotp,
  getSecondStep,
  removeTotp,
  renewRecoveryCodes,
  startTotp,
} from '@backline/contract/calls/second-step';
import { useMutation, useQuery } from '@tanstack/react-query';
import { agentCredentials, apiCall } from '@/lib/api-client';
import { endpointQueryOptions, useChange } from '@/lib/queries';

/** The signed-in agent itself, whichever sub-agent's view is open. */
export const own = () => agentCredentials(undefined, 0) ?? undefined;

export const useSecondStep = () =>
  useQuery(endpointQueryOptions(['second-step'], getSecondStep, { credentials: own() }));

/** A new key is not in force until confirmed, so nothing is stale yet. */
export const useStartTotp = () =>
  useMutation({ mutationFn: () => apiCall(startTotp, { body: {}, credentials: own() }) });

export const useConfirmTotp = () =>
  useChange(
    (Code: string) => apiCall(confirmTotp, { body: { Code }, credentials: own() }),
    ['second-step'],
  );

export type Proof = BodyOf<typeof removeTotp>;

export const useRemoveTotp = () =>
  useChange(
    (proof: Proof) => apiCall(removeTotp, { body: proof, credentials: own() }),
    ['second-step'],
  );

export const useRenewRecoveryCodes = () =>
  useChange(
    (proof: Proof) => apiCall(renewRecoveryCodes, { body: proof, credentials: own() }),
    ['second-step'],
  );
