import {
  markAllNotificationsAsView,
  markNotificationAsView,
} from '@backline/contract/calls/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { notificationsKey, useUnseenStore } from './unseen-count';

/** Marks one notification (an id) or all of them (null) viewed; the answer's count feeds the bell. */
export function useMarkNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (idNotification: number | null) =>
      idNotification === null
        ? apiCall(markAllNotificationsAsView)
        : apiCall(markNotificationAsView, { query: { idNotification } }),
    onSuccess: ({ Unseen }) => {
      useUnseenStore.getState().setUnseen(Unseen);
      return queryClient.invalidateQueries({ queryKey: notificationsKey });
    },
  });
}
