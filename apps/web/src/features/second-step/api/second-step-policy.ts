// The site's sign-in policy, read and set by its master agent only.
import { getSecondStepPolicy, setSecondStepPolicy } from '@backline/contract/calls/second-step';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { endpointQueryOptions, useChange } from '@/lib/queries';
import { own } from './second-step';

export const useSecondStepPolicy = (enabled: boolean) =>
  useQuery({
    ...endpointQueryOptions(['second-step-policy'], getSecondStepPolicy, { credentials: own() }),
    enabled,
  });

/** The policy says whether the master itself must have a second step: its status is stale too. */
export const useSetSecondStepPolicy = () =>
  useChange(
    (RequireSecondStep: boolean) =>
      apiCall(setSecondStepPolicy, { body: { RequireSecondStep }, credentials: own() }),
    ['second-step-policy', 'second-step'],
  );
