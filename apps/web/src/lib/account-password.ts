// An agent sets the password of a sub-agent or of a player of its subtree: the one call both the
// change-password screen and a player's page use.
import { changeAgentsPassword } from '@backline/contract/calls/accounts';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from './api-client';

export const useChangeAccountPassword = () =>
  useMutation({
    mutationFn: (
      input: { IdAgent: number; NewPassword: string } | { IdPlayer: number; NewPassword: string },
    ) => apiCall(changeAgentsPassword, { body: input }),
  });
