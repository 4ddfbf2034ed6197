// What an agent does with the access of the accounts below it.
import {
  getAgentOnlinePasswordByEmail,
  getAgentOnlinePasswordStatus,
} from '@backline/contract/calls/accounts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { endpointQueryOptions } from '@/lib/queries';

export const onlineStatusQueryOptions = (agent: number) =>
  endpointQueryOptions(['accounts', 'online-status', agent], getAgentOnlinePasswordStatus, {
    query: { agent },
  });

export const useOnlineStatus = (agent: number | null) =>
  useQuery({ ...onlineStatusQueryOptions(agent ?? 0), enabled: agent !== null });

export const useSendAccessLink = () =>
  useMutation({
    mutationFn: (email: string) =>
      apiCall(getAgentOnlinePasswordByEmail, {
        // The link is built on this page's origin, which the site must allow.
        query: { email, currentURL: window.location.href },
        body: {},
      }),
  });
