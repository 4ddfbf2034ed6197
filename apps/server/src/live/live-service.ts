// The live ticker of the view agent's subtree (issue 19 item 1): the latest activity with filters,
// and the stream opened with a single-use ticket. Rights: viewReports, checked by the routes on the
// ticket and on GetLive; the stream is its ticket's session and view agent, nothing else.
import { PassThrough, type Readable } from 'node:stream';
import {
  LIVE_BIG_RISK_DEFAULT_UNITS,
  LIVE_STREAM_TICKET_SECONDS,
  liveItemMatches,
  type api,
  type LiveItem,
  type ParsedBodyOf,
  type ResponseOf,
} from '@backline/contract';
import type { Db } from '../db/query.ts';
import type { Channels } from '../db/notify-channel.ts';
import type { AgentAuth } from '../auth/auth-context.ts';
import type { CurrencyService } from '../currency/currency-service.ts';
import { agentInScope, playerInScope } from '../agents/scope.ts';
import { UnauthorizedError } from '../errors.ts';
import { hit } from '../security/rate-limit.ts';
import { newToken, sha256 } from '../security/tokens.ts';
import { consumeTicket, insertTicket } from '../notifications/notifications-repository.ts';
import type { Log } from '../log.ts';
import { createLiveHub, riskInSite, toLiveItem } from './live-hub.ts';
import * as repo from './live-repository.ts';

/** A stream whose client stopped reading is closed rather than buffered without end. */
const MAX_STREAM_BUFFER = 1024 * 1024;

/**
 * Live tickers share the notification stream's ticket table; a live ticket is stored hashed with
 * this prefix, so neither kind opens the other's stream.
 */
const ticketHash = (ticket: string) => sha256(`live:${ticket}`);

export function createLiveService(deps: {
  db: Db;
  currency: CurrencyService;
  /** Where committed platform events are heard: they wake the ticker's poller early. */
  channels: Channels;
  log?: Log;
  now?: () => Date;
  pollMs?: number;
}) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const hub = createLiveHub({
    db,
    currency: deps.currency,
    channels: deps.channels,
    log: deps.log,
    now,
    pollMs: deps.pollMs ?? 200,
  });

  async function latest(
    auth: AgentAuth,
    input: ParsedBodyOf<typeof api.getLive>,
  ): Promise<ResponseOf<typeof api.getLive>> {
    const under =
      input.idAgent === undefined ? undefined : await agentInScope(db, auth, input.idAgent);
    if (input.idPlayer !== undefined) await playerInScope(db, auth, input.idPlayer);
    const site = await repo.selectSiteCurrency(db, auth.siteId);
    const fx = await deps.currency.converterOf(auth.siteId, site.currency);
    const own = await repo.selectBigRisk(db, auth.agentId);
    // Read before the rows: a stream resumed from it misses none of what comes after them.
    const lastId = await repo.selectMaxId(db);
    const rows = await repo.selectLatest(db, {
      siteId: auth.siteId,
      agentId: auth.agentId,
      underId: under?.id,
      playerId: input.idPlayer,
      sport: input.sport,
      wagerType: input.wagerType,
      minRisk:
        input.minRisk === undefined
          ? undefined
          : { amount: input.minRisk, siteCurrency: site.currency, siteDigits: site.digits },
      only: input.only,
      limit: input.limit,
    });
    const items: LiveItem[] = rows
      .map((r) => toLiveItem(r, auth.agentId, riskInSite(fx, r)))
      .filter((item) => liveItemMatches(item, input));
    return {
      Items: items,
      BigRisk: own ?? LIVE_BIG_RISK_DEFAULT_UNITS * 10 ** site.digits,
      SiteCurrency: site.currency,
      LastId: Math.max(lastId, items[0]?.Id ?? 0),
    };
  }

  async function issueTicket(auth: AgentAuth): Promise<{ Ticket: string; ExpiresAt: string }> {
    await hit(db, { key: `live-ticket:session:${auth.sessionId}`, max: 30, windowSeconds: 60 });
    const ticket = newToken();
    const expiresAt = new Date(now().getTime() + LIVE_STREAM_TICKET_SECONDS * 1000);
    await insertTicket(db, {
      ticketHash: ticketHash(ticket),
      sessionId: auth.sessionId,
      siteId: auth.siteId,
      agentId: auth.agentId,
      expiresAt,
    });
    return { Ticket: ticket, ExpiresAt: expiresAt.toISOString() };
  }

  /** Uses the ticket up and returns the event stream of its agent's subtree; 401 when refused. */
  async function openStream(ticket: string | undefined, lastEventId?: number): Promise<Readable> {
    if (!ticket) throw new UnauthorizedError('stream_ticket_required');
    const holder = await consumeTicket(db, ticketHash(ticket), now());
    if (!holder) throw new UnauthorizedError('stream_ticket_invalid');
    const stream = new PassThrough();
    const write = (chunk: string) => {
      if (stream.destroyed || stream.writableEnded) return;
      if (stream.readableLength > MAX_STREAM_BUFFER) stream.end();
      else stream.write(chunk);
    };
    // Sent at once, so the client knows the stream is open before the first wager.
    write(`retry: 2000\n\n`);
    const unsubscribe = await hub.subscribe(
      {
        siteId: holder.site_id,
        agentId: holder.agent_id,
        sessionId: holder.session_id,
        write,
        end: () => stream.end(),
      },
      lastEventId,
    );
    stream.once('close', unsubscribe);
    return stream;
  }

  return {
    latest,
    issueTicket,
    openStream,
    /** Looks for new activity now (after a write on this process). */
    wake: () => hub.wake(),
    /** Ends every open stream, so the server can close. */
    close: () => hub.close(),
    get openStreams() {
      return hub.size;
    },
  };
}

export type LiveService = ReturnType<typeof createLiveService>;
