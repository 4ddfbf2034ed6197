// The live ticker (issue 19 item 1): wagers placed, graded, regraded and voided in the view agent's
// subtree as they happen. GetLive answers the latest ones (the first paint and the catch-up after a
// reconnect); the stream pushes each new one once, resumed from the last id a client saw.
import { z } from 'zod';
import {
  defaulted,
  endpoint,
  optional,
  OptionalId,
  Timestamp,
  WholeNumber,
} from '../core/endpoint.ts';
import { BetResult, oneOf, Sport, WagerType } from '../core/enums.ts';
import { Money } from '../core/money.ts';

export const LIVE_KINDS = ['placed', 'graded', 'regraded', 'voided'] as const;
export const LiveKind = z.enum(LIVE_KINDS);
export type LiveKind = z.infer<typeof LiveKind>;

/** Which flagged players' wagers only: watched, sharp, or either. */
export const LIVE_ONLY = ['watched', 'sharp', 'flagged'] as const;
export const LiveOnly = oneOf(LIVE_ONLY);
export type LiveOnly = z.infer<typeof LiveOnly>;

/** Rows GetLive answers at most (and a screen keeps at most). */
export const LIVE_LIST_LIMIT = 200;
/** Rows a resumed stream replays at most before its new ones; GetLive covers a longer gap. */
export const LIVE_RESUME_LIMIT = 500;
/**
 * The risk, in minor units of one whole unit of the site currency, above which a wager is big when
 * no alert threshold (alert_settings.wager_risk) is set for the agent or any agent above it.
 */
export const LIVE_BIG_RISK_DEFAULT_UNITS = 1_000;
export const LIVE_STREAM_TICKET_SECONDS = 60;
export const LIVE_HEARTBEAT_SECONDS = 15;

export const LiveItem = z.object({
  /** The activity's id: also the event id of the stream, increasing with time of writing. */
  Id: z.number().int(),
  Kind: LiveKind,
  /** When it happened on the platform (placed, graded or voided). */
  At: Timestamp,
  IdWager: z.number().int(),
  Ticket: z.string(),
  IdPlayer: z.number().int(),
  Player: z.string(),
  /** The player's own agent. */
  IdAgent: z.number().int(),
  Agent: z.string(),
  /** The agents from the view agent down to the player's own agent (both included). */
  Path: z.array(z.number().int()),
  WagerType,
  Sport,
  Description: z.string(),
  Currency: z.string(),
  Risk: Money,
  ToWin: Money,
  /** The settled figure for graded and regraded (+ won by the player, − lost); 0 otherwise. */
  Amount: Money,
  Result: BetResult,
  FreePlay: z.boolean(),
  /** The player is on the watch list. */
  Watched: z.boolean(),
  /** The player's CLV score is sharp (CLV_SCORING). */
  Sharp: z.boolean(),
  /** The risk in the site currency; null when the wager's currency has no rate. */
  RiskSite: Money.nullable(),
});
export type LiveItem = z.infer<typeof LiveItem>;

export const LiveFilters = z.object({
  /** Only players of this agent of the subtree or below it. */
  idAgent: OptionalId,
  idPlayer: OptionalId,
  sport: optional(Sport),
  wagerType: optional(WagerType),
  /** Minimum risk in minor units of the site currency. */
  minRisk: optional(Money.min(0, 'is at least 0')),
  only: optional(LiveOnly),
});
export type LiveFilters = z.infer<typeof LiveFilters>;

export const getLive = endpoint({
  method: 'POST',
  base: 'reports',
  path: 'AgentSiteFrames/GetLive',
  summary:
    "The latest wagers placed, graded, regraded or voided in the view agent's subtree, newest " +
    'first, with the filters given; and the risk above which a wager is big for this agent.',
  audience: 'agent',
  right: 'viewReports',
  body: LiveFilters.extend({
    limit: defaulted(
      z
        .number()
        .int('is a whole number')
        .min(1, 'is at least 1')
        .max(LIVE_LIST_LIMIT, `is at most ${LIVE_LIST_LIMIT}`),
      LIVE_LIST_LIMIT,
    ),
  }),
  response: z.object({
    Items: z.array(LiveItem),
    /**
     * Risk (site currency, minor units) at or above which a wager is big: the agent's alert
     * threshold for a wager's risk, its own or the nearest agent's above; else 1,000 site units.
     */
    BigRisk: Money,
    SiteCurrency: z.string(),
    /** The highest activity id when answered: a stream opened with it as lastEventId has no gap. */
    LastId: z.number().int(),
  }),
});

export const liveStreamTicket = endpoint({
  method: 'POST',
  base: 'reports',
  path: 'AgentSiteFrames/LiveStreamTicket',
  summary:
    'A single-use ticket, valid 60 s, that opens one live ticker stream for this session and ' +
    'view agent (EventSource cannot send the Token header).',
  audience: 'agent',
  right: 'viewReports',
  response: z.object({ Ticket: z.string(), ExpiresAt: Timestamp }),
});

/** `event: heartbeat` data, every 15 s: a client that misses two should reconnect. */
export const LiveHeartbeatEvent = z.object({ At: Timestamp });

/**
 * Server-sent events of the view agent's subtree, authenticated by `ticket`: `wager` (data:
 * LiveItem, id: its Id) once per activity, and `heartbeat`. Reconnect with a new ticket and the last
 * id seen as `after` (or the Last-Event-ID header): every activity after it comes first, up to
 * LIVE_RESUME_LIMIT, then the new ones; an id is never sent twice on one stream. A stream ends
 * when its session does or the server stops. A refused ticket answers 401.
 */
export const liveStream = endpoint({
  method: 'GET',
  base: 'reports',
  path: 'AgentSiteFrames/LiveStream',
  summary:
    "Server-sent events of the wagers placed, graded and voided in the view agent's subtree " +
    '(text/event-stream): `wager` and `heartbeat`; opened with a ticket from LiveStreamTicket.',
  audience: 'agent',
  // Held by the ticket: only an agent with the right is given one.
  right: 'viewReports',
  query: z.object({
    ticket: optional(z.string().max(128, 'is not a stream ticket')),
    /** The last activity id seen (0: none yet, every activity kept comes first). */
    after: optional(WholeNumber('must be an activity id', 0, Number.MAX_SAFE_INTEGER)),
  }),
  response: z.string(),
});

/** Whether an item passes the filters (the web's test for streamed items, GetLive's in SQL). */
export function liveItemMatches(item: LiveItem, f: LiveFilters): boolean {
  if (f.idAgent !== undefined && !item.Path.includes(f.idAgent)) return false;
  if (f.idPlayer !== undefined && item.IdPlayer !== f.idPlayer) return false;
  if (f.sport !== undefined && item.Sport !== f.sport) return false;
  if (f.wagerType !== undefined && item.WagerType !== f.wagerType) return false;
  if (f.minRisk !== undefined && (item.RiskSite ?? 0) < f.minRisk) return false;
  if (f.only === 'watched' && !item.Watched) return false;
  if (f.only === 'sharp' && !item.Sharp) return false;
  if (f.only === 'flagged' && !item.Watched && !item.Sharp) return false;
  return true;
}
