// A site's integration keys for the platform feed, managed by its master agent (the /Integration
// screen) and by operators' `npm run site-key`. The secret is shown once, when created or rotated.
import { z } from 'zod';
import { defaulted, endpoint, Id, Timestamp, WholeNumber } from '../core/endpoint.ts';
import { PlatformScope, PLATFORM_SCOPES } from './platform-feed.ts';

export const IntegrationKey = z.object({
  IdKey: z.number().int(),
  /** What the platform sends in the x-backline-key header. */
  KeyId: z.string(),
  Label: z.string(),
  Scopes: z.array(PlatformScope),
  CreatedAt: Timestamp,
  LastUsedAt: Timestamp.nullable(),
  /** A rotated key keeps working until then, beside its successor. */
  ExpiresAt: Timestamp.nullable(),
  RevokedAt: Timestamp.nullable(),
  /** live, expiring (rotated, still accepted until ExpiresAt), expired or revoked. */
  State: z.enum(['live', 'expiring', 'expired', 'revoked']),
});
export type IntegrationKey = z.infer<typeof IntegrationKey>;

/** A key with its secret: answered once, by the call that made it. */
export const IntegrationKeyWithSecret = IntegrationKey.extend({ Secret: z.string() });

const Label = z.string().trim().min(1, 'is required').max(64, 'is at most 64 characters');

export const getIntegrationKeys = endpoint({
  method: 'GET',
  base: 'core',
  path: 'AgentSiteFrames/GetIntegrationKeys',
  summary: 'The site\u2019s integration keys, newest first (master agent only); no secret.',
  audience: 'agent',
  response: z.object({ Keys: z.array(IntegrationKey) }),
});

export const insertIntegrationKey = endpoint({
  method: 'POST',
  base: 'core',
  path: 'AgentSiteFrames/InsertIntegrationKey',
  summary:
    'A new integration key for the site (master agent only); its secret is in this answer and ' +
    'never again.',
  audience: 'agent',
  body: z.object({
    Label,
    Scopes: defaulted(z.array(PlatformScope).min(1).max(PLATFORM_SCOPES.length), [
      ...PLATFORM_SCOPES,
    ]),
  }),
  response: IntegrationKeyWithSecret,
});

export const ROTATION_OVERLAP_HOURS_MAX = 720;

export const rotateIntegrationKey = endpoint({
  method: 'POST',
  base: 'core',
  path: 'AgentSiteFrames/RotateIntegrationKey',
  summary:
    'A successor of a key with the same label and scopes (its secret in this answer only); the old ' +
    'key keeps working for OverlapHours (default 24, 0 ends it now).',
  audience: 'agent',
  body: z.object({
    IdKey: Id,
    OverlapHours: defaulted(WholeNumber('must be whole hours', 0, ROTATION_OVERLAP_HOURS_MAX), 24),
  }),
  response: IntegrationKeyWithSecret,
});

export const revokeIntegrationKey = endpoint({
  method: 'POST',
  base: 'core',
  path: 'AgentSiteFrames/RevokeIntegrationKey',
  summary: 'Stops a key at once: every request signed with it is refused from now on.',
  audience: 'agent',
  body: z.object({ IdKey: Id }),
  response: IntegrationKey,
});
