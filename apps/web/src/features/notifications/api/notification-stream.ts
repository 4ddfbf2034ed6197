// The live stream of the view agent's notifications. EventSource would retry with the spent
// single-use ticket and get 401 forever, so every error closes it and a fresh ticket reconnects,
// resuming from the last event id so nothing sent meanwhile is lost. Platform events below the
// view agent refresh the figures on screen (live-figures.ts).
import {
  Notification,
  NOTIFICATION_HEARTBEAT_SECONDS,
  NotificationCountEvent,
  NotificationFeedEvent,
  notificationStream,
  notificationStreamTicket,
} from '@backline/contract/calls/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiCall, buildUrl, UnauthorizedError } from '@/lib/api-client';
import { i18next } from '@/lib/i18n';
import { useAgentStore } from '@/stores/agent-store';
import { toast } from '@/stores/toast-store';
import { createLiveFigures } from './live-figures';
import { nextRetryDelay } from './stream-backoff';
import { createToastBurst } from './toast-burst';
import { notificationsKey, useUnseenStore } from './unseen-count';

// Two missed heartbeats mean a dead connection that the browser has not noticed.
const SILENCE_MS = (NOTIFICATION_HEARTBEAT_SECONDS * 2 + 5) * 1000;

function parse<T>(
  schema: { safeParse: (v: unknown) => { success: boolean; data?: T } },
  raw: string,
) {
  try {
    const result = schema.safeParse(JSON.parse(raw));
    return result.success ? (result.data as T) : null;
  } catch {
    return null;
  }
}

export function useNotificationStream(): void {
  const queryClient = useQueryClient();
  const token = useAgentStore((s) => s.session?.Token ?? null);
  const actAs = useAgentStore((s) => s.actAs);

  useEffect(() => {
    if (!token) return;
    const { setUnseen } = useUnseenStore.getState();
    const figures = createLiveFigures(queryClient);
    const burst = createToastBurst();
    let opened = false;
    let stopped = false;
    let source: EventSource | null = null;
    let retryTimer: number | undefined;
    let silenceTimer: number | undefined;
    let delay: number | null = null;
    let lastEventId: number | undefined;

    const reconnectLater = () => {
      source?.close();
      source = null;
      window.clearTimeout(silenceTimer);
      if (stopped) return;
      delay = nextRetryDelay(delay);
      retryTimer = window.setTimeout(connect, delay);
    };
    const alive = () => {
      delay = null;
      window.clearTimeout(silenceTimer);
      silenceTimer = window.setTimeout(reconnectLater, SILENCE_MS);
    };

    async function connect() {
      let ticket: string;
      try {
        ticket = (await apiCall(notificationStreamTicket, { body: {} })).Ticket;
      } catch (error) {
        // A dead session is the layout's to handle; anything else is worth another try.
        if (!(error instanceof UnauthorizedError)) reconnectLater();
        return;
      }
      if (stopped) return;
      const es = new EventSource(buildUrl(notificationStream, { ticket, lastEventId }));
      source = es;
      alive();
      es.onopen = () => {
        // Back after a drop: the events sent meanwhile are not replayed, their figures may differ.
        if (opened) figures.missed();
        opened = true;
      };
      es.addEventListener('count', (event) => {
        alive();
        const count = parse<{ Unseen: number }>(NotificationCountEvent, event.data as string);
        if (count) setUnseen(count.Unseen);
      });
      es.addEventListener('heartbeat', alive);
      es.addEventListener('notification', (event) => {
        alive();
        const id = Number(event.lastEventId);
        if (Number.isInteger(id) && id > 0) lastEventId = id;
        const n = parse<Notification>(Notification, event.data as string);
        if (!n) return;
        const verdict = burst(Date.now());
        if (verdict.kind === 'own') toast.info(`${n.Title} — ${n.Body}`);
        else
          toast.grouped('notifications', i18next.t('notifications.more', { count: verdict.count }));
        void queryClient.invalidateQueries({ queryKey: notificationsKey });
      });
      es.addEventListener('feed', (event) => {
        alive();
        const applied = parse<NotificationFeedEvent>(NotificationFeedEvent, event.data as string);
        if (applied) figures.touched(applied.Type);
      });
      es.onerror = reconnectLater;
    }

    void connect();
    return () => {
      stopped = true;
      figures.stop();
      source?.close();
      window.clearTimeout(retryTimer);
      window.clearTimeout(silenceTimer);
      setUnseen(null);
    };
  }, [token, actAs, queryClient]);
}
