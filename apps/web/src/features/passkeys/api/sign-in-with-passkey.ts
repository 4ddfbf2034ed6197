// The log-in's second step with a passkey: the options under the step's challenge, the browser's
// ceremony, then the assertion, which opens the session.
import { secondStepPasskey, secondStepPasskeyOptions } from '@backline/contract/calls/passkeys';
import type { LoginResponse } from '@backline/contract/calls/auth';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

export async function signInWithPasskey(Challenge: string): Promise<LoginResponse> {
  const { Options } = await apiCall(secondStepPasskeyOptions, { body: { Challenge } });
  // The WebAuthn library loads only when a passkey is used, not with the log-in page.
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const Response = await startAuthentication({ optionsJSON: Options });
  return apiCall(secondStepPasskey, { body: { Challenge, Response } });
}

export const useSignInWithPasskey = (onSignedIn: (session: LoginResponse) => unknown) =>
  useMutation({
    mutationFn: signInWithPasskey,
    // The caller's own work (storing the session, fetching the profile) keeps the button busy.
    onSuccess: async (session) => {
      await onSignedIn(session);
    },
  });
