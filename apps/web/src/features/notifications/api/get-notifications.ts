import {
  getNotificationByAgentId,
  getSeenNotificationByAgentId,
} from '@backline/contract/calls/notifications';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { useAgentStore } from '@/stores/agent-store';
import { notificationsKey } from './unseen-count';

export type NotificationTab = 'unseen' | 'seen';

const ENDPOINTS = { unseen: getNotificationByAgentId, seen: getSeenNotificationByAgentId };

export function notificationsQueryOptions(tab: NotificationTab, actAs: number) {
  return queryOptions({
    queryKey: [...notificationsKey, tab, actAs],
    queryFn: ({ signal }) => apiCall(ENDPOINTS[tab], { signal }),
  });
}

export function useNotifications(tab: NotificationTab) {
  const actAs = useAgentStore((s) => s.actAs);
  return useQuery(notificationsQueryOptions(tab, actAs));
}
