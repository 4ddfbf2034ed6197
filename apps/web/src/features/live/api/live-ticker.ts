// The ticker's data: GetLive for the first page, then the live stream of the view agent's subtree,
// resumed after a drop from the last id seen (the server replays what was missed; a gap too long to
// replay says `reset`, and GetLive is read again). EventSource would retry with its spent
// single-use ticket, so every error closes it and a fresh ticket reconnects after a backoff.
import {
  getLive,
  LIVE_HEARTBEAT_SECONDS,
  LiveItem,
  liveItemMatches,
  liveStream,
  liveStreamTicket,
  type LiveFilters,
} from '@backline/contract/calls/live';
import { useCallback, useEffect, useReducer, useState } from 'react';
import { apiCall, buildUrl, UnauthorizedError } from '@/lib/api-client';
import { useAgentStore } from '@/stores/agent-store';
import { INITIAL_TICKER, tickerReducer } from '../utils/ticker';

/** Reconnect delays: 1 s doubling up to 30 s, back to 1 s once a stream opened. */
const nextRetryDelay = (previous: number | null) =>
  previous === null ? 1000 : Math.min(previous * 2, 30_000);

// Two missed heartbeats mean a dead connection that the browser has not noticed.
const SILENCE_MS = (LIVE_HEARTBEAT_SECONDS * 2 + 5) * 1000;

function parseItem(raw: string): LiveItem | null {
  try {
    const result = LiveItem.safeParse(JSON.parse(raw));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

export interface TickerHead {
  bigRisk: number;
  siteCurrency: string;
}

export function useLiveTicker(filters: LiveFilters) {
  const token = useAgentStore((s) => s.session?.Token ?? null);
  const actAs = useAgentStore((s) => s.actAs);
  const [state, dispatch] = useReducer(tickerReducer, INITIAL_TICKER);
  // Each kept with the filters it answered, so new filters start from nothing without a reset.
  const [head, setHead] = useState<(TickerHead & { key: string }) | null>(null);
  const [failure, setFailure] = useState<{ key: string; attempt: number; error: unknown } | null>(
    null,
  );
  const [attempt, setAttempt] = useState(0);
  const key = JSON.stringify(filters);

  useEffect(() => {
    if (!token) return;
    const wanted = JSON.parse(key) as LiveFilters;
    let stopped = false;
    let source: EventSource | null = null;
    let retryTimer: number | undefined;
    let silenceTimer: number | undefined;
    let delay: number | null = null;
    let lastEventId = 0;

    const load = async () => {
      const page = await apiCall(getLive, { body: wanted });
      if (stopped) return;
      lastEventId = Math.max(lastEventId, page.LastId);
      setHead({ key, bigRisk: page.BigRisk, siteCurrency: page.SiteCurrency });
      dispatch({ type: 'loaded', items: page.Items });
    };

    const reconnectLater = () => {
      source?.close();
      source = null;
      window.clearTimeout(silenceTimer);
      if (stopped) return;
      dispatch({ type: 'connection', connection: 'reconnecting' });
      delay = nextRetryDelay(delay);
      retryTimer = window.setTimeout(() => void connect(), delay);
    };
    const alive = () => {
      window.clearTimeout(silenceTimer);
      silenceTimer = window.setTimeout(reconnectLater, SILENCE_MS);
    };

    async function connect() {
      let ticket: string;
      try {
        ticket = (await apiCall(liveStreamTicket, { body: {} })).Ticket;
      } catch (err) {
        // A dead session is the layout's to handle; anything else is worth another try.
        if (!(err instanceof UnauthorizedError)) reconnectLater();
        return;
      }
      if (stopped) return;
      const es = new EventSource(buildUrl(liveStream, { ticket, after: lastEventId }));
      source = es;
      alive();
      es.onopen = () => {
        delay = null;
        alive();
        dispatch({ type: 'connection', connection: 'live' });
      };
      es.addEventListener('heartbeat', alive);
      es.addEventListener('wager', (event) => {
        alive();
        const item = parseItem(event.data as string);
        if (!item) return;
        lastEventId = Math.max(lastEventId, item.Id);
        if (liveItemMatches(item, wanted)) dispatch({ type: 'arrived', items: [item] });
      });
      es.addEventListener('reset', () => {
        alive();
        load().catch(() => reconnectLater());
      });
      es.onerror = reconnectLater;
    }

    load()
      .then(() => {
        if (!stopped) void connect();
      })
      .catch((err: unknown) => {
        if (!stopped) setFailure({ key, attempt, error: err });
      });
    return () => {
      stopped = true;
      source?.close();
      window.clearTimeout(retryTimer);
      window.clearTimeout(silenceTimer);
    };
  }, [key, token, actAs, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const pause = useCallback(() => dispatch({ type: 'pause' }), []);
  const resume = useCallback(() => dispatch({ type: 'resume' }), []);
  return {
    ...state,
    head: head?.key === key ? head : null,
    error: failure?.key === key && failure.attempt === attempt ? failure.error : null,
    retry,
    pause,
    resume,
  };
}
