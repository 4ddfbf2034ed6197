// PostgreSQL's LISTEN/NOTIFY on either driver: what one server process notifies after a commit
// reaches every process on the same database at once, with no table to poll. PGlite is one
// process; node-postgres listens on a connection of its own, outside the pool.
import type { PGlite } from '@electric-sql/pglite';
import type { Client, ClientConfig } from 'pg';

export type ChannelListener = (payload: string) => void;

export interface Channels {
  /** Calls `listener` with every payload notified on `channel` from now on; returns its removal. */
  listen(channel: string, listener: ChannelListener): Promise<() => void>;
  close(): Promise<void>;
}

const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
/**
 * After the listening connection breaks: retry soon, then less often, never more than 2 s apart —
 * a failover is over in about a second, and streams should carry on as soon as writes do.
 */
const RECONNECT_MS = [250, 500, 1000, 2000];

/** Listeners by channel; `subscribe` is told once per channel, when its first listener comes. */
function listenerSets(subscribe: (channel: string) => Promise<void>) {
  const byChannel = new Map<string, Set<ChannelListener>>();
  return {
    byChannel,
    dispatch(channel: string, payload: string): void {
      for (const listener of byChannel.get(channel) ?? []) listener(payload);
    },
    async listen(channel: string, listener: ChannelListener): Promise<() => void> {
      if (!CHANNEL_NAME.test(channel)) throw new RangeError(`bad channel name ${channel}`);
      let set = byChannel.get(channel);
      if (!set) {
        set = new Set();
        byChannel.set(channel, set);
        try {
          await subscribe(channel);
        } catch (error) {
          byChannel.delete(channel);
          throw error;
        }
      }
      set.add(listener);
      return () => void set.delete(listener);
    },
  };
}

/** The embedded database: its own listen, on the one instance every query of the process uses. */
export function pgliteChannels(client: PGlite): Channels {
  const sets = listenerSets(async (channel) => {
    await client.listen(channel, (payload) => sets.dispatch(channel, payload));
  });
  return { listen: sets.listen, close: async () => sets.byChannel.clear() };
}

/**
 * PostgreSQL: one connection per process LISTENs on every channel asked for, opened at the first
 * listen and kept. When it breaks it reconnects and listens again; what was notified meanwhile is
 * lost, which the listeners accept (the stream's feed events are hints to refresh, not figures).
 */
export function postgresChannels(
  connection: ClientConfig,
  onError: (error: Error) => void,
): Channels {
  let client: Client | null = null;
  let connecting: Promise<Client> | null = null;
  let closed = false;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;

  async function open(): Promise<Client> {
    const pg = await import('pg');
    const c = new pg.default.Client(connection);
    c.on('notification', (m) => sets.dispatch(m.channel, m.payload ?? ''));
    c.on('error', (error) => {
      onError(error);
      lost(c);
    });
    c.on('end', () => lost(c));
    await c.connect();
    for (const channel of sets.byChannel.keys()) await c.query(`listen ${channel}`);
    return c;
  }

  function lost(c: Client): void {
    if (client !== c) return;
    client = null;
    void c.end().catch(() => {});
    if (closed || sets.byChannel.size === 0) return;
    const wait = RECONNECT_MS[Math.min(failures, RECONNECT_MS.length - 1)]!;
    failures += 1;
    retry = setTimeout(() => void connected().catch(() => {}), wait).unref();
  }

  async function connected(): Promise<Client> {
    if (client) return client;
    connecting ??= open()
      .then((c) => {
        if (closed) {
          void c.end();
          throw new Error('channels closed');
        }
        client = c;
        failures = 0;
        return c;
      })
      .catch((error: unknown) => {
        if (!closed && sets.byChannel.size > 0) {
          const wait = RECONNECT_MS[Math.min(failures, RECONNECT_MS.length - 1)]!;
          failures += 1;
          retry = setTimeout(() => void connected().catch(() => {}), wait).unref();
        }
        throw error;
      })
      .finally(() => {
        connecting = null;
      });
    return connecting;
  }

  const sets = listenerSets(async (channel) => {
    const c = await connected();
    // A connection opened meanwhile listened to every channel of the map, this one included.
    await c.query(`listen ${channel}`);
  });

  return {
    listen: sets.listen,
    async close() {
      closed = true;
      clearTimeout(retry);
      sets.byChannel.clear();
      const c = client ?? (await connecting?.catch(() => null));
      client = null;
      await c?.end().catch(() => {});
    },
  };
}
