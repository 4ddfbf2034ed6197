// The three calls of a password change by e-mailed code, made with whoever is signed in.
import {
  sendEmailChangePassword,
  updatePassword,
  verifiedCodePass,
} from '@backline/contract/calls/accounts';
import { useMutation } from '@tanstack/react-query';
import { apiCall, sessionCredentials } from '@/lib/api-client';

const credentials = () => sessionCredentials() ?? undefined;

export function sendPasswordCode() {
  return apiCall(sendEmailChangePassword, { credentials: credentials() });
}

export function verifyPasswordCode(Code: string) {
  return apiCall(verifiedCodePass, { body: { Code }, credentials: credentials() });
}

export function setNewPassword(input: { Code: string; NewPassword: string }) {
  return apiCall(updatePassword, { body: input, credentials: credentials() });
}

export const useSendPasswordCode = () => useMutation({ mutationFn: sendPasswordCode });
export const useVerifyPasswordCode = () => useMutation({ mutationFn: verifyPasswordCode });
export const useSetNewPassword = () => useMutation({ mutationFn: setNewPassword });
