// The log-in's second step (issue 20): a code or a recovery code under the challenge the password
// earned, or an authenticator set up there when the site requires one the agent lacks.
import type { BodyOf } from '@backline/contract/core/endpoint';
import {
  loginSecondStep,
  loginTotpConfirm,
  loginTotpStart,
} from '@backline/contract/calls/second-step';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { finishSignIn } from './login';

export type SecondStepInput = BodyOf<typeof loginSecondStep>;

async function passSecondStep(input: SecondStepInput): Promise<void> {
  await finishSignIn(await apiCall(loginSecondStep, { body: input }));
}

export const useLoginSecondStep = () => useMutation({ mutationFn: passSecondStep });

export const useLoginTotpStart = () =>
  useMutation({
    mutationFn: (Challenge: string) => apiCall(loginTotpStart, { body: { Challenge } }),
  });

/** Answers the session and the recovery codes: the codes are shown before the session is kept. */
export const useLoginTotpConfirm = () =>
  useMutation({
    mutationFn: (input: BodyOf<typeof loginTotpConfirm>) =>
      apiCall(loginTotpConfirm, { body: input }),
  });
