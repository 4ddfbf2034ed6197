import type { AgentSignUpData } from '@backline/contract/calls/sign-up';
import type { ErrorCode } from '@backline/contract/core/errors';
import { insertAgentSignUp, validateAgentInformation } from '@backline/contract/calls/sign-up';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

export type SignUpOutcome =
  { kind: 'invalid'; errors: { Field: string; Code: ErrorCode }[] } | { kind: 'filed'; id: number };

/** Asks the server to validate first (duplicates, country), then files the sign-up. */
export async function submitAgentSignUp(data: AgentSignUpData): Promise<SignUpOutcome> {
  const check = await apiCall(validateAgentInformation, { body: data });
  if (!check.Valid) return { kind: 'invalid', errors: check.Errors };
  const filed = await apiCall(insertAgentSignUp, { body: data });
  return { kind: 'filed', id: filed.IdSignUp };
}

export const useSubmitAgentSignUp = () => useMutation({ mutationFn: submitAgentSignUp });
