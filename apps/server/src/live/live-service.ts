// The live ticker of the view agent's subtree (issue 19 item 1): the latest activity with filters,
// and the stream opened with a single-use ticket. Rights: viewReports, checked by the routes on the
// ticket and on GetLive; the stream is its ticket's session and view agent, nothing else.
import type { Readable } from 'node:stream';
import {
  LIVE_BIG_RISK_DEFAULT_UNITS,
  LIVE_STREAM_TICKET_SECONDS,
  liveItemMatches,
  type api,
  type LiveItem,
  type ParsedBodyOf,
  type ResponseOf,
} from '@backline/contract';
import type { AgentAuth } from '../auth/auth-context.ts';
import { agentInScope, playerInScope } from '../agents/scope.ts';
import { createStreamTickets } from '../notifications/stream-tickets.ts';
import { createLiveHub, riskInSite, toLiveItem } from './live-hub.ts';
import * as repo from './live-repository.ts';

export function createLiveService(deps: Parameters<typeof createLiveHub>[0]) {
  const { db } = deps;
  const hub = createLiveHub(deps);
  // The notification stream's ticket table; a live ticket opens no notification stream.
  const tickets = createStreamTickets(deps, {
    prefix: 'live',
    seconds: LIVE_STREAM_TICKET_SECONDS,
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

  /** Uses the ticket up and returns the event stream of its agent's subtree; 401 when refused. */
  function openStream(ticket: string | undefined, lastEventId?: number): Promise<Readable> {
    return tickets.open(ticket, (holder, write, end) => {
      // Sent at once, so the client knows the stream is open before the first wager.
      write(`retry: 2000\n\n`);
      return hub.subscribe({ ...holder, write, end }, lastEventId);
    });
  }

  return {
    latest,
    issueTicket: tickets.issue,
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
