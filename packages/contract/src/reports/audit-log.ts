// The audit log (issue 20): every agent and platform act on a site, with who, for whom, from where
// and what changed; a master reads its whole site, any other agent the rows of its subtree.
import { z } from 'zod';
import {
  defaulted,
  endpoint,
  Id,
  optional,
  OptionalId,
  Timestamp,
  WholeNumber,
} from '../core/endpoint.ts';
import { oneOf } from '../core/enums.ts';
import { orderedDates, PeriodEcho, PeriodFields } from '../core/common.ts';

/**
 * The groups a reader filters by, each the actions it holds: a name ending in "." or "-" is a
 * prefix (every action that starts with it), any other an exact action.
 */
export const AUDIT_GROUPS = {
  login: [
    'login',
    'login.',
    'logout',
    'session.',
    'sessions.',
    'account.locked',
    'second_step.',
    'totp.',
    'passkey.',
    'recovery_codes.',
    'policy.second_step',
  ],
  payments: ['payment.player', 'payment.agent'],
  adjustments: ['adjustment.entered'],
  freePlay: ['free_play.entered'],
  limits: ['player.limits', 'limit_request.'],
  status: ['player.access', 'player.status'],
  profile: [
    'player.profile',
    'player.created',
    'player.renamed',
    'player.moved',
    'player.watched',
    'player.unwatched',
    'player.message',
  ],
  agentCreate: ['agent.created'],
  agentSettings: [
    'agent.settings',
    'agent.renamed',
    'agent.status',
    'agent.moved',
    'alert_settings.set',
  ],
  deals: ['agent.deal', 'agent.deal_defaults', 'site.sheet_cutoff', 'agent.sheet_email'],
  wagerDeletes: ['wager.delete'],
  passwords: ['password.', 'access_link.sent'],
  keys: ['platform_key.', 'webhook.'],
  approvals: ['signup.'],
  actingFor: ['agent.act-as'],
} as const;
export type AuditGroup = keyof typeof AUDIT_GROUPS;
export const AUDIT_GROUP_NAMES = Object.keys(AUDIT_GROUPS) as AuditGroup[];
export const AuditGroup = oneOf(AUDIT_GROUP_NAMES);

const isPrefix = (name: string) => name.endsWith('.') || name.endsWith('-');

/** A group's exact actions and prefixes, as the query matches them. */
export function auditGroupMatch(group: AuditGroup): { exact: string[]; prefixes: string[] } {
  const names: readonly string[] = AUDIT_GROUPS[group];
  return { exact: names.filter((n) => !isPrefix(n)), prefixes: names.filter(isPrefix) };
}

/** The group an action belongs to, or null for one no group names. */
export function auditGroupOf(action: string): AuditGroup | null {
  for (const group of AUDIT_GROUP_NAMES) {
    const names: readonly string[] = AUDIT_GROUPS[group];
    if (names.some((n) => (isPrefix(n) ? action.startsWith(n) : action === n))) return group;
  }
  return null;
}

/** Rows a page holds at most; the export reads the period whole, up to AUDIT_EXPORT_MAX_ROWS. */
export const AUDIT_MAX_PAGE = 500;
export const AUDIT_EXPORT_MAX_ROWS = 50_000;

export const AUDIT_ACTOR_KINDS = ['agent', 'player', 'public', 'system', 'platform'] as const;
export const AuditActorKind = z.enum(AUDIT_ACTOR_KINDS);

export const AuditLogFilters = orderedDates(
  PeriodFields.extend({
    group: optional(AuditGroup),
    /** Acts of this agent (signed in as itself or acting for a sub-agent). */
    idActor: OptionalId,
    /** Acts on this player. */
    idPlayer: OptionalId,
    /** Acts on this agent. */
    idTargetAgent: OptionalId,
    /** Part of the actor's, acting-for agent's or target's login (or a wager's ticket). */
    search: optional(
      z.string().trim().min(1, 'must not be empty').max(64, 'is at most 64 characters'),
    ),
    /** Keyset paging: rows older than this one (the previous page's NextBeforeId). */
    beforeId: optional(Id),
    pageSize: defaulted(WholeNumber(`must be 1 to ${AUDIT_MAX_PAGE}`, 1, AUDIT_MAX_PAGE), 100),
  }),
);
export type AuditLogFilters = z.input<typeof AuditLogFilters>;

/** A field an act changed: what it was and is, each as text. */
export const AuditChange = z.object({
  Field: z.string(),
  Before: z.string().nullable(),
  After: z.string().nullable(),
});
export type AuditChange = z.infer<typeof AuditChange>;

export const AuditLogRow = z.object({
  Id: z.number().int(),
  At: Timestamp,
  ActorKind: AuditActorKind,
  IdActor: z.number().int().nullable(),
  /** The agent's or player's login; '' for the platform, the system and the public. */
  Actor: z.string(),
  /** The sub-agent the signed-in agent acted for, by login. */
  ActingFor: z.string().nullable(),
  Action: z.string(),
  Group: AuditGroup.nullable(),
  TargetKind: z.string().nullable(),
  IdTarget: z.number().int().nullable(),
  /** The target's login, a wager's ticket, or null. */
  Target: z.string().nullable(),
  Ip: z.string().nullable(),
  Country: z.string().nullable(),
  Device: z.string().nullable(),
  /** Before → after, one line per field that changed, when the act kept both. */
  Changes: z.array(AuditChange),
  /** Anything else the act kept, as text. */
  Details: z.array(z.object({ Key: z.string(), Value: z.string() })),
});
export type AuditLogRow = z.infer<typeof AuditLogRow>;

export const AuditLogResponse = PeriodEcho.extend({
  /** Newest first. */
  Rows: z.array(AuditLogRow),
  /** The id to ask the next (older) page with; null on the last page. */
  NextBeforeId: z.number().int().nullable(),
});
export type AuditLogResponse = z.infer<typeof AuditLogResponse>;

export const getAuditLog = endpoint({
  method: 'POST',
  base: 'reports',
  path: 'AgentSiteFrames/GetAuditLog',
  summary:
    "The audit log: every agent and platform act of the caller's site (a master) or subtree, newest first, with who, for whom, from where and before → after; paged by id.",
  audience: 'agent',
  right: 'viewReports',
  body: AuditLogFilters,
  response: AuditLogResponse,
});

/** An action's key among translated words ("payment.player" → "payment_player"): no dots. */
export function auditActionKey(action: string): string {
  return action.replace(/[.-]/g, '_');
}
