// Notifications to agents: lists, marking viewed, sending down the tree, and the live stream.
import { z } from 'zod';
import { defaulted, endpoint, Id, optional, OptionalId, Ok, Timestamp } from '../core/endpoint.ts';
import type { PlatformEventType } from './platform-feed.ts';

/** Whom a notification addresses: one agent, an agent and everything below it, or the whole site. */
export const NotificationScope = z.enum(['agent', 'subtree', 'site']);

export const Notification = z.object({
  IdNotification: z.number().int(),
  Title: z.string(),
  Body: z.string(),
  Scope: NotificationScope,
  /** The agent addressed (null for the whole site). */
  IdAgent: z.number().int().nullable(),
  /** Who sent it: an agent's name, or null for the platform. */
  From: z.string().nullable(),
  CreatedAt: Timestamp,
  /** When the view agent marked it viewed; null while unseen. */
  SeenAt: Timestamp.nullable(),
});
export type Notification = z.infer<typeof Notification>;

/** At most this many are listed, newest first; Total counts them all. */
export const NOTIFICATION_LIST_LIMIT = 200;

export const NotificationList = z.object({
  Notifications: z.array(Notification),
  Total: z.number().int(),
});
export type NotificationList = z.infer<typeof NotificationList>;

export const getNotificationByAgentId = endpoint({
  method: 'GET',
  base: 'reports',
  path: 'AgentSiteFrames/GetNotificationByAgentId',
  summary: 'Unseen notifications of the view agent, newest first.',
  audience: 'agent',
  response: NotificationList,
});

export const getSeenNotificationByAgentId = endpoint({
  method: 'GET',
  base: 'reports',
  path: 'AgentSiteFrames/GetSeenNotificationByAgentId',
  summary: 'Seen notifications of the view agent, most recently created first.',
  audience: 'agent',
  response: NotificationList,
});

export const markNotificationAsView = endpoint({
  method: 'GET',
  base: 'reports',
  path: 'AgentSiteFrames/MarkNotificationAsView',
  summary:
    'Marks one notification addressed to the view agent as viewed (404 for any other); ' +
    'marking it again changes nothing.',
  audience: 'agent',
  query: z.object({ idNotification: Id }),
  response: Ok.extend({ Unseen: z.number().int() }),
});

export const markAllNotificationsAsView = endpoint({
  method: 'GET',
  base: 'reports',
  path: 'AgentSiteFrames/MarkAllNotificationsAsView',
  summary: 'Marks every notification of the view agent as viewed.',
  audience: 'agent',
  response: Ok.extend({ Marked: z.number().int(), Unseen: z.number().int() }),
});

export const InsertNotificationBody = z.object({
  Title: z.string().trim().min(1, 'is required').max(120, 'is at most 120 characters'),
  Body: z.string().trim().min(1, 'is required').max(2000, 'is at most 2000 characters'),
  /** An agent of the caller's subtree; left out (or null) for the whole site, root master only. */
  idAgent: OptionalId,
  /** Also every agent below idAgent. */
  includeSubtree: defaulted(z.boolean(), false),
});

export const insertNotification = endpoint({
  method: 'POST',
  base: 'reports',
  path: 'AgentSiteFrames/InsertNotification',
  summary:
    'Sends a notification to an agent of the subtree, optionally with everything below it; ' +
    'to the whole site only from the site\u2019s root master.',
  audience: 'agent',
  right: 'manageAgents',
  body: InsertNotificationBody,
  response: Notification,
});

export const NOTIFICATION_STREAM_TICKET_SECONDS = 60;

export const notificationStreamTicket = endpoint({
  method: 'POST',
  base: 'reports',
  path: 'AgentSiteFrames/NotificationStreamTicket',
  summary:
    'A single-use ticket, valid 60 s, that opens one notification stream for this session and ' +
    'view agent (EventSource cannot send the Token header).',
  audience: 'agent',
  response: z.object({ Ticket: z.string(), ExpiresAt: Timestamp }),
});

/** `event: count` data: the view agent's unseen count, sent on connect and whenever it changes. */
export const NotificationCountEvent = z.object({ Unseen: z.number().int() });
/** `event: heartbeat` data, every 15 s: a client that misses two should reconnect. */
export const NotificationHeartbeatEvent = z.object({ At: Timestamp });
export const NOTIFICATION_HEARTBEAT_SECONDS = 15;

/** The platform events an agent's figures move with: pushed as `event: feed` to the agents above. */
export const NOTIFICATION_FEED_TYPES = [
  'wager.placed',
  'wager.graded',
  'wager.regraded',
  'wager.voided',
  'product.result',
  'payment.posted',
] as const satisfies readonly PlatformEventType[];
export type NotificationFeedType = (typeof NOTIFICATION_FEED_TYPES)[number];

/**
 * `event: feed` data: a platform event applied to a player below the view agent (sent after its
 * transaction committed, once, never for a duplicate or a refused one). A hint to refresh the
 * figures it moves, not a figure itself: a stream that dropped may have missed some.
 */
export const NotificationFeedEvent = z.object({
  Type: z.enum(NOTIFICATION_FEED_TYPES),
  Player: z.string(),
  IdPlayer: z.number().int(),
  /** The player's own agent. */
  IdAgent: z.number().int(),
  /** The wager's id in Backline, for wager events. */
  IdWager: z.number().int().nullable(),
  /** The platform's time of the event. */
  OccurredAt: Timestamp,
});
export type NotificationFeedEvent = z.infer<typeof NotificationFeedEvent>;

/**
 * Server-sent events, authenticated by `ticket` instead of the Token header. Events:
 * `notification` (data: Notification, id: IdNotification) when a new one addresses the view agent,
 * `count` (NotificationCountEvent), `heartbeat` (NotificationHeartbeatEvent), and `feed`
 * (NotificationFeedEvent, no id) when a platform event moves a figure below. A stream ends when the
 * session does or the server stops; reconnect with a new ticket, passing the last event id as
 * `lastEventId` to receive unseen notifications missed meanwhile. A refused ticket answers 401.
 */
export const notificationStream = endpoint({
  method: 'GET',
  base: 'reports',
  path: 'AgentSiteFrames/NotificationStream',
  summary:
    'Server-sent events of the view agent\u2019s notifications (text/event-stream): ' +
    '`notification`, `count`, `heartbeat`, and `feed` when a platform event moves a figure of a ' +
    'player below; opened with a ticket from NotificationStreamTicket.',
  audience: 'agent',
  query: z.object({
    ticket: optional(z.string().max(128, 'is not a stream ticket')),
    lastEventId: OptionalId,
  }),
  response: z.string(),
});
