// A site's webhooks back to the platform (DESIGN.md §8): the endpoint agent actions are delivered
// to, the secret they are signed with (shown once), and the delivery log. Master agent only.
import { z } from 'zod';
import { defaulted, endpoint, optional, Timestamp, WholeNumber } from '../core/endpoint.ts';
import { oneOf } from '../core/enums.ts';

/** What an agent action tells the platform; each is one webhook `Type`. */
export const WEBHOOK_TYPES = [
  'wager.deleted',
  'payment.entered',
  'adjustment.entered',
  'free_play.entered',
  'agent_payment.entered',
  'agent.created',
  'password.changed',
  'player.created',
  'player.access_changed',
  'player.profile_changed',
  'player.limits_changed',
  'player.message',
] as const;
export const WebhookType = z.enum(WEBHOOK_TYPES);
export type WebhookType = z.infer<typeof WebhookType>;

export const WEBHOOK_STATUSES = ['pending', 'delivered', 'failed', 'skipped'] as const;
export const WebhookStatus = oneOf(WEBHOOK_STATUSES);

/** Header of every delivery: its id, the same on every attempt and re-send (receivers dedupe on it). */
export const DELIVERY_ID_HEADER = 'x-backline-delivery';
/** Header naming the delivery's type, so a receiver can route before parsing. */
export const DELIVERY_TYPE_HEADER = 'x-backline-event';

/** The body of every delivery, signed as the platform signs its events to us. */
export const WebhookDelivery = z.object({
  Id: z.uuid(),
  Type: WebhookType,
  SiteId: z.number().int(),
  /** The player the action was about (null for an agent settlement or a new agent). */
  IdPlayer: z.number().int().nullable(),
  /** The platform's own id of the player, when the feed created it. */
  PlayerExternalId: z.string().nullable(),
  Player: z.string().nullable(),
  CreatedAt: Timestamp,
  Data: z.record(z.string(), z.unknown()),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const WebhookEndpoint = z.object({
  /** Null until the master sets one; nothing is delivered meanwhile. */
  Url: z.string().nullable(),
  /** The secret's last four characters, to tell which one the receiver holds. */
  SecretHint: z.string().nullable(),
  SecretRotatedAt: Timestamp.nullable(),
  /** Until then deliveries are signed with the previous secret too (a second v1). */
  PreviousSecretUntil: Timestamp.nullable(),
  UpdatedAt: Timestamp.nullable(),
  Types: z.array(WebhookType),
});

export const getWebhookEndpoint = endpoint({
  method: 'GET',
  base: 'core',
  path: 'AgentSiteFrames/GetWebhookEndpoint',
  summary: 'The site\u2019s webhook endpoint and which secret signs (master agent only).',
  audience: 'agent',
  response: WebhookEndpoint,
});

const WebhookUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http or https address' })
  .max(2000, 'is at most 2000 characters');

export const setWebhookEndpoint = endpoint({
  method: 'POST',
  base: 'core',
  path: 'AgentSiteFrames/SetWebhookEndpoint',
  summary:
    'Sets where agent actions are delivered (master agent only). The first time, a signing ' +
    'secret is made and answered here once; later changes keep it.',
  audience: 'agent',
  body: z.object({ Url: WebhookUrl }),
  response: WebhookEndpoint.extend({ Secret: z.string().nullable() }),
});

export const WEBHOOK_OVERLAP_HOURS_MAX = 720;

export const rotateWebhookSecret = endpoint({
  method: 'POST',
  base: 'core',
  path: 'AgentSiteFrames/RotateWebhookSecret',
  summary:
    'A new signing secret, answered here once; the old one signs beside it (a second v1) for ' +
    'OverlapHours (default 24, 0 drops it now).',
  audience: 'agent',
  body: z.object({
    OverlapHours: defaulted(WholeNumber('must be whole hours', 0, WEBHOOK_OVERLAP_HOURS_MAX), 24),
  }),
  response: WebhookEndpoint.extend({ Secret: z.string() }),
});

export const WebhookAttempt = z.object({
  At: Timestamp,
  /** The receiver's answer; null when none came (refused, timed out, not an address). */
  StatusCode: z.number().int().nullable(),
  Error: z.string().nullable(),
  DurationMs: z.number().int(),
});

export const WebhookDeliveryRow = z.object({
  IdDelivery: z.uuid(),
  Type: WebhookType,
  IdPlayer: z.number().int().nullable(),
  Player: z.string().nullable(),
  CreatedAt: Timestamp,
  Status: WebhookStatus,
  Attempts: z.number().int(),
  LastAttemptAt: Timestamp.nullable(),
  LastStatusCode: z.number().int().nullable(),
  LastError: z.string().nullable(),
  /** When the queue tries again (a pending delivery after a failed attempt). */
  NextAttemptAt: Timestamp.nullable(),
  DeliveredAt: Timestamp.nullable(),
  /** The latest attempts, newest first (at most 10). */
  History: z.array(WebhookAttempt),
});
export type WebhookDeliveryRow = z.infer<typeof WebhookDeliveryRow>;

export const getWebhookDeliveries = endpoint({
  method: 'GET',
  base: 'core',
  path: 'AgentSiteFrames/GetWebhookDeliveries',
  summary:
    'The site\u2019s webhook deliveries, newest first, with their attempts (master agent only).',
  audience: 'agent',
  query: z.object({
    status: optional(WebhookStatus),
    page: defaulted(WholeNumber('must be a number', 1, 100_000), 1),
    pageSize: defaulted(WholeNumber('must be a number', 1, 200), 50),
  }),
  response: z.object({ Rows: z.array(WebhookDeliveryRow), Total: z.number().int() }),
});

export const resendWebhookDelivery = endpoint({
  method: 'POST',
  base: 'core',
  path: 'AgentSiteFrames/ResendWebhookDelivery',
  summary:
    'Delivers one again with the same id (master agent only): a failed one goes back to the head ' +
    'of its player\u2019s line, a delivered or skipped one is sent once more, a pending one ' +
    'keeps its place.',
  audience: 'agent',
  body: z.object({ IdDelivery: z.uuid('must be a delivery id') }),
  response: WebhookDeliveryRow,
});
