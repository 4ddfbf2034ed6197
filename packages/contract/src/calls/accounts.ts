import { z } from 'zod';
import { endpoint, Id, Ok } from '../core/endpoint.ts';

export const NewPassword = z
  .string({ error: 'is required' })
  .min(8, 'must be at least 8 characters')
  .max(128, 'must be at most 128 characters');

export const sendEmailChangePassword = endpoint({
  method: 'GET',
  base: 'core',
  path: 'WebClient4Frames/BSSendEmailChangePassword',
  summary: 'E-mails a 6-digit code, valid 10 minutes, bound to this session.',
  audience: 'session',
  response: z.object({ Ok: z.literal(true), MaskedEmail: z.string(), ExpiresAt: z.string() }),
});

export const verifiedCodePass = endpoint({
  method: 'POST',
  base: 'core',
  path: 'WebClient4Frames/BSVerifiedCodePass',
  summary: 'Checks the e-mailed code; dead after 5 wrong tries.',
  audience: 'session',
  body: z.object({ Code: z.string().regex(/^\d{6}$/, 'must be 6 digits') }),
  response: z.object({ Ok: z.literal(true) }),
});

export const updatePassword = endpoint({
  method: 'POST',
  base: 'core',
  path: 'WebClient4Frames/BSUpdatePassword',
  summary: 'Sets a new password after a verified code; ends the account\u2019s other sessions.',
  audience: 'session',
  body: z.object({ Code: z.string().regex(/^\d{6}$/, 'must be 6 digits'), NewPassword }),
  response: Ok,
});

export const changeAgentsPassword = endpoint({
  method: 'POST',
  base: 'reports',
  path: 'AgentSiteFrames/ChangeAgentsPassword',
  summary: 'An agent with the right changes the password of a sub-agent or player in its subtree.',
  audience: 'agent',
  right: 'changePasswords',
  body: z.union([z.object({ IdAgent: Id, NewPassword }), z.object({ IdPlayer: Id, NewPassword })]),
  response: Ok,
});

export const getAgentOnlinePasswordStatus = endpoint({
  method: 'GET',
  base: 'reports',
  path: 'AgentSiteFrames/GetAgentOnlinePasswordStatus',
  summary: 'Whether a sub-agent has online access (a password set).',
  audience: 'agent',
  query: z.object({ agent: Id }),
  response: z.object({
    IdAgent: z.number().int(),
    Login: z.string(),
    /** Where GetAgentOnlinePasswordByEmail sends the sub-agent its link. */
    Email: z.string(),
    HasOnlineAccess: z.boolean(),
  }),
});

export const getAgentOnlinePasswordByEmail = endpoint({
  method: 'POST',
  base: 'reports',
  path: 'AgentSiteFrames/GetAgentOnlinePasswordByEmail',
  summary:
    'E-mails a sub-agent its online-access link, built on one of the site\u2019s allowed origins.',
  audience: 'agent',
  right: 'changePasswords',
  query: z.object({
    email: z.email('must be an e-mail address'),
    currentURL: z.url('must be a URL'),
  }),
  body: z.object({}).optional(),
  response: Ok,
});
