// Raising a player above an agent's cap (issue 17, DOMAIN.md "Running the book"): a request to the
// parent of the highest agent whose cap it passes, approved or refused there and recorded. An
// approval gives the player a ceiling of its own above those caps; it binds the accept rule too.
import { z } from 'zod';
import { defaulted, endpoint, Id, optional, Timestamp } from '../core/endpoint.ts';
import { WagerLimits } from '../core/limits.ts';
import { Money } from '../core/money.ts';
import { SetPlayerLimits } from './player-limits.ts';

export const LIMIT_REQUEST_STATUSES = ['pending', 'approved', 'refused', 'replaced'] as const;
export const LimitRequestStatus = z.enum(LIMIT_REQUEST_STATUSES);
export type LimitRequestStatus = z.infer<typeof LimitRequestStatus>;

/** The limit fields a cap binds: the credit (with temporary credit) and every wager maximum. */
export const CAPPED_FIELDS = [
  'creditLimit',
  'maxWager',
  'limits.MaxByType',
  'limits.MaxBySport',
] as const;
export const CappedField = z.enum(CAPPED_FIELDS);
export type CappedField = z.infer<typeof CappedField>;

/** A cap the asked limits pass: whose, how much, and what was asked, in the cap's currency. */
export const CapPassed = z.object({
  Field: CappedField,
  Agent: z.string(),
  Cap: Money,
  Asked: Money,
  Currency: z.string(),
});
export type CapPassed = z.infer<typeof CapPassed>;

/** A player's limits as a request carries them. */
export const AskedLimits = z.object({
  CreditLimit: Money,
  TempCredit: Money,
  TempCreditUntil: Timestamp.nullable(),
  MaxWager: Money,
  Limits: WagerLimits,
});
export type AskedLimits = z.infer<typeof AskedLimits>;

export const LimitRequest = z.object({
  IdRequest: z.number().int(),
  IdPlayer: z.number().int(),
  Player: z.string(),
  PlayerName: z.string(),
  /** The player's agent. */
  Agent: z.string(),
  Currency: z.string(),
  Status: LimitRequestStatus,
  Asked: AskedLimits,
  /** The player's limits when it was filed. */
  Before: AskedLimits,
  Passed: z.array(CapPassed),
  /** The agent who decides: the parent of the highest agent whose cap is passed. */
  Approver: z.string(),
  RequestedBy: z.string(),
  Reason: z.string(),
  CreatedAt: Timestamp,
  DecidedBy: z.string().nullable(),
  DecidedAt: Timestamp.nullable(),
  Note: z.string().nullable(),
  /** The caller may approve or refuse it (pending, the approver in its subtree, the right held). */
  CanDecide: z.boolean(),
});
export type LimitRequest = z.infer<typeof LimitRequest>;

const Reason = z.string().trim().min(1, 'is required').max(500);

export const requestPlayerLimits = endpoint({
  method: 'POST',
  base: 'reports',
  path: 'AgentSiteFrames/RequestPlayerLimits',
  summary:
    "Asks for a player's limits above an agent's cap: filed to the parent of the highest agent " +
    'whose cap they pass (and approved at once when the caller is that parent or above it). A new ' +
    'request replaces the player\u2019s pending one.',
  audience: 'agent',
  right: 'exceedCaps',
  body: SetPlayerLimits.extend({ reason: Reason }),
  response: LimitRequest,
});

export const LIMIT_REQUEST_BOXES = ['toDecide', 'filed'] as const;

export const getLimitRequests = endpoint({
  method: 'POST',
  base: 'reports',
  path: 'AgentSiteFrames/GetLimitRequests',
  summary:
    'Requests for limits above a cap: those the caller\u2019s subtree decides (toDecide) or those ' +
    'filed for its players (filed); pending ones, or decided ones newest first.',
  audience: 'agent',
  body: z.object({
    box: defaulted(z.enum(LIMIT_REQUEST_BOXES), 'toDecide'),
    status: defaulted(z.enum(['pending', 'decided']), 'pending'),
    idPlayer: optional(Id),
    page: defaulted(z.number().int().min(1).max(10_000), 1),
    pageSize: defaulted(z.number().int().min(1).max(100), 25),
  }),
  response: z.object({
    Rows: z.array(LimitRequest),
    TotalRows: z.number().int(),
    Page: z.number().int(),
    PageSize: z.number().int(),
  }),
});

export const decideLimitRequest = endpoint({
  method: 'POST',
  base: 'reports',
  path: 'AgentSiteFrames/DecideLimitRequest',
  summary:
    'Approves (the player gets the asked limits, with a ceiling of its own above the caps passed) ' +
    'or refuses a pending request; recorded with the note on the player\u2019s history.',
  audience: 'agent',
  right: 'manageAgents',
  body: z.object({
    idRequest: Id,
    decision: z.enum(['approve', 'refuse'], { error: 'must be approve or refuse' }),
    note: optional(z.string().trim().max(500)),
  }),
  response: LimitRequest,
});
