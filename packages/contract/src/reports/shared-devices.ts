// Shared devices (issue 20 item 4): players of a subtree who logged in from one address or one
// device over a period, a classic sign of one person behind several accounts.
import { z } from 'zod';
import { endpoint, optional } from '../core/endpoint.ts';
import { Count, orderedDates, PeriodEcho, PeriodFields } from '../core/common.ts';

export const SHARED_KINDS = ['ip', 'device'] as const;
export const SharedKind = z.enum(SHARED_KINDS, { error: 'must be ip or device' });
export type SharedKind = z.infer<typeof SharedKind>;

/** Groups answered at most, the largest first; TotalGroups still counts them all. */
export const SHARED_DEVICES_MAX_GROUPS = 500;

export const SharedPlayer = z.object({
  IdPlayer: z.number().int(),
  Player: z.string(),
  Name: z.string(),
  IdAgent: z.number().int(),
  Agent: z.string(),
  LogIns: Count,
  FirstAt: z.string(),
  LastAt: z.string(),
});
export type SharedPlayer = z.infer<typeof SharedPlayer>;

export const SharedGroup = z.object({
  Kind: SharedKind,
  /** The address, or the device's short tag (the first characters of its hash, never all of it). */
  Label: z.string(),
  /** Players first seen first. */
  Players: z.array(SharedPlayer),
  LogIns: Count,
  FirstAt: z.string(),
  LastAt: z.string(),
});
export type SharedGroup = z.infer<typeof SharedGroup>;

export const SharedDevicesResponse = PeriodEcho.extend({
  /** Most players first, then most log-ins. */
  Groups: z.array(SharedGroup),
  TotalGroups: Count,
});
export type SharedDevicesResponse = z.infer<typeof SharedDevicesResponse>;

export const SharedDevicesFilters = orderedDates(
  PeriodFields.extend({ kind: optional(SharedKind) }),
);

export const getSharedDevices = endpoint({
  method: 'POST',
  base: 'reports',
  path: 'AgentSiteFrames/GetSharedDevices',
  summary:
    'Groups of two or more players of the subtree who logged in (successfully) from the same address or the same device over a period: the players, their log-ins, first and last seen.',
  audience: 'agent',
  right: 'viewReports',
  body: SharedDevicesFilters,
  response: SharedDevicesResponse,
});
