// Alerts (issue 19 item 4): per agent, thresholds in the site's currency for a wager's risk, a
// player's day result, a game side's exposure, and any wager of a watched or sharp player. An agent
// without settings of its own takes its nearest ancestor's; its e-mail and chat webhook are its own
// only. Each alert is raised once per cause and delivered to the bell, by e-mail and to the webhook.
import { z } from 'zod';
import {
  defaulted,
  endpoint,
  optional,
  OptionalId,
  Timestamp,
  WholeNumber,
} from '../core/endpoint.ts';
import { oneOf } from '../core/enums.ts';
import { Limit } from '../core/limits.ts';
import { Money } from '../core/money.ts';
import { PeriodFields, orderedDates } from '../core/common.ts';
import { IsoDate } from '../core/periods.ts';

export const ALERT_KINDS = [
  'wager_risk',
  'day_result',
  'side_exposure',
  'watched_wager',
  'sharp_wager',
] as const;
export const AlertKind = oneOf(ALERT_KINDS);
export type AlertKind = z.infer<typeof AlertKind>;

/** Where a chat webhook is delivered: Slack and Mattermost incoming webhooks take {"text"}. */
export const ALERT_WEBHOOK_STATUSES = ['none', 'pending', 'sent', 'failed'] as const;
export const AlertWebhookStatus = z.enum(ALERT_WEBHOOK_STATUSES);

/** A threshold: minor units of the site's currency, greater than zero; null is off. */
const Threshold = Limit.min(1, 'must be greater than zero').nullable();

/** The thresholds an agent works with (its own, or inherited). */
export const AlertThresholds = z.object({
  /** A placed wager whose risk is at least this. */
  WagerRisk: Money.nullable(),
  /** A player's result of the day (win or loss) at least this far from zero. */
  DayResult: Money.nullable(),
  /** A side of a game whose book result, if it wins, is this much of a loss or more. */
  SideExposure: Money.nullable(),
  WatchedWagers: z.boolean(),
  SharpWagers: z.boolean(),
});
export type AlertThresholds = z.infer<typeof AlertThresholds>;

export const AlertSettings = z.object({
  IdAgent: z.number().int(),
  Agent: z.string(),
  Currency: z.string(),
  /** The agent's own thresholds; null when it has none and inherits. */
  Own: AlertThresholds.nullable(),
  /** The thresholds in force; null when neither it nor any agent above set any. */
  Effective: AlertThresholds.nullable(),
  /** Whose thresholds are in force: the agent itself, an ancestor, or nobody. */
  From: z.object({ IdAgent: z.number().int(), Agent: z.string() }).nullable(),
  /** The caller's own account: only then are its destinations shown and set. */
  Self: z.boolean(),
  /** The agent's own destinations (never inherited); null for another agent's. */
  Email: z.string().nullable(),
  WebhookUrl: z.string().nullable(),
  /** Whether the caller may change them: its own, or a sub-agent's with manageAgents. */
  Editable: z.boolean(),
  UpdatedAt: Timestamp.nullable(),
});
export type AlertSettings = z.infer<typeof AlertSettings>;

export const getAlertSettings = endpoint({
  method: 'POST',
  base: 'reports',
  path: 'AgentSiteFrames/GetAlertSettings',
  summary:
    "The caller's (or a sub-agent's) alert thresholds: its own, those in force and whose they are.",
  audience: 'agent',
  body: z.object({ idAgent: OptionalId }),
  response: AlertSettings,
});

export const AlertWebhookUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http or https address' })
  .max(2000, 'is at most 2000 characters');

export const SetAlertSettings = z.object({
  idAgent: OptionalId,
  /** False: the agent has no thresholds of its own and inherits its nearest ancestor's. */
  own: z.boolean(),
  wagerRisk: defaulted(Threshold, null),
  dayResult: defaulted(Threshold, null),
  sideExposure: defaulted(Threshold, null),
  watchedWagers: defaulted(z.boolean(), false),
  sharpWagers: defaulted(z.boolean(), false),
  /** Only the agent itself sets where its alerts go; left out, they stay as they are. */
  email: optional(
    z.email('must be an e-mail address').max(254, 'is at most 254 characters').nullable(),
  ),
  webhookUrl: optional(AlertWebhookUrl.nullable()),
});

export const setAlertSettings = endpoint({
  method: 'POST',
  base: 'reports',
  path: 'AgentSiteFrames/SetAlertSettings',
  summary:
    "Sets the caller's own alert thresholds and destinations, or (with manageAgents) a sub-agent's " +
    'thresholds; without thresholds of its own an agent inherits its nearest ancestor\u2019s.',
  audience: 'agent',
  body: SetAlertSettings,
  response: AlertSettings,
});

export const AlertRow = z.object({
  IdAlert: z.number().int(),
  Kind: AlertKind,
  CreatedAt: Timestamp,
  IdAgent: z.number().int(),
  Agent: z.string(),
  IdPlayer: z.number().int().nullable(),
  Player: z.string().nullable(),
  IdWager: z.number().int().nullable(),
  Ticket: z.string().nullable(),
  IdGame: z.number().int().nullable(),
  Game: z.string().nullable(),
  /** The side (side exposure) or win/loss (day result). */
  Side: z.string().nullable(),
  /** The figure that crossed, and the threshold, in the site's currency. */
  Figure: Money,
  Threshold: Money.nullable(),
  WebhookStatus: AlertWebhookStatus,
  WebhookAttempts: z.number().int(),
  WebhookError: z.string().nullable(),
});
export type AlertRow = z.infer<typeof AlertRow>;

export const ALERTS_PAGE_MAX = 200;

export const GetAlerts = orderedDates(
  PeriodFields.extend({
    kind: optional(AlertKind),
    page: defaulted(WholeNumber('must be a number', 1, 100_000), 1),
    pageSize: defaulted(WholeNumber('must be a number', 1, ALERTS_PAGE_MAX), 50),
  }),
);

export const getAlerts = endpoint({
  method: 'POST',
  base: 'reports',
  path: 'AgentSiteFrames/GetAlerts',
  summary:
    "The alerts raised for the agents of the caller's subtree (or a sub-agent's), newest first.",
  audience: 'agent',
  body: GetAlerts,
  response: z.object({
    StartDate: IsoDate,
    EndDate: IsoDate,
    Currency: z.string(),
    Rows: z.array(AlertRow),
    Total: z.number().int(),
  }),
});
