// Event streams opened with a ticket (EventSource cannot send the Token header): a single-use,
// short-lived ticket per stream, stored hashed, bound to its session and view agent. The
// notification stream and the live ticker each hash their tickets under their own prefix, so
// neither kind opens the other's stream. A stream whose client stopped reading is closed rather
// than buffered without end.
import { PassThrough, type Readable } from 'node:stream';
import type { AgentAuth } from '../auth/auth-context.ts';
import type { Db } from '../db/query.ts';
import { UnauthorizedError } from '../errors.ts';
import { hit } from '../security/rate-limit.ts';
import { newToken, sha256 } from '../security/tokens.ts';
import { consumeTicket, insertTicket } from './notifications-repository.ts';

const MAX_STREAM_BUFFER = 1024 * 1024;
/** Tickets one session may take a minute, of each kind. */
const TICKETS_PER_MINUTE = 30;

/** Whom an opened stream is for: its ticket's session and view agent. */
export interface StreamHolder {
  siteId: number;
  agentId: number;
  sessionId: number;
}

export function createStreamTickets(
  deps: { db: Db; now?: (() => Date) | undefined },
  kind: {
    /** '' for the notification stream (its tickets as they always were), else the stream's name. */
    prefix: string;
    seconds: number;
  },
) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const hashOf = (ticket: string) => sha256(kind.prefix ? `${kind.prefix}:${ticket}` : ticket);
  const limitKey = kind.prefix ? `${kind.prefix}-ticket` : 'stream-ticket';

  async function issue(auth: AgentAuth): Promise<{ Ticket: string; ExpiresAt: string }> {
    await hit(db, {
      key: `${limitKey}:session:${auth.sessionId}`,
      max: TICKETS_PER_MINUTE,
      windowSeconds: 60,
    });
    const ticket = newToken();
    const expiresAt = new Date(now().getTime() + kind.seconds * 1000);
    await insertTicket(db, {
      ticketHash: hashOf(ticket),
      sessionId: auth.sessionId,
      siteId: auth.siteId,
      agentId: auth.agentId,
      expiresAt,
    });
    return { Ticket: ticket, ExpiresAt: expiresAt.toISOString() };
  }

  /**
   * Uses the ticket up (401 for a missing or spent one) and answers the stream `subscribe` feeds
   * through `write`; the function it returns is called when the client goes.
   */
  async function open(
    ticket: string | undefined,
    subscribe: (
      holder: StreamHolder,
      write: (chunk: string) => void,
      end: () => void,
    ) => Promise<() => void>,
  ): Promise<Readable> {
    if (!ticket) throw new UnauthorizedError('stream_ticket_required');
    const row = await consumeTicket(db, hashOf(ticket), now());
    if (!row) throw new UnauthorizedError('stream_ticket_invalid');
    const stream = new PassThrough();
    const write = (chunk: string) => {
      if (stream.destroyed || stream.writableEnded) return;
      if (stream.readableLength > MAX_STREAM_BUFFER) stream.end();
      else stream.write(chunk);
    };
    const holder = { siteId: row.site_id, agentId: row.agent_id, sessionId: row.session_id };
    const unsubscribe = await subscribe(holder, write, () => stream.end());
    stream.once('close', unsubscribe);
    return stream;
  }

  return { issue, open };
}
