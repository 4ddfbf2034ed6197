import {
  getNotificationByAgentId,
  getSeenNotificationByAgentId,
} from '@backline/contract/calls/notifications';
import { useQuery } from '@tanstack/react-query';
import { endpointQueryOptions } from '@/lib/queries';
import { useAgentStore } from '@/stores/agent-store';
import { notificationsKey } from './unseen-count';

export type NotificationTab = 'unseen' | 'seen';

const ENDPOINTS = { unseen: getNotificationByAgentId, seen: getSeenNotificationByAgentId };

export const notificationsQueryOptions = (tab: NotificationTab, actAs: number) =>
  endpointQueryOptions([...notificationsKey, tab, actAs], ENDPOINTS[tab]);

export function useNotifications(tab: NotificationTab) {
  const actAs = useAgentStore((s) => s.actAs);
  return useQuery(notificationsQueryOptions(tab, actAs));
}
