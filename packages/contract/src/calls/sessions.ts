// Sessions (issue 20 item 3): the signed-in agent or player sees where it is signed in and ends any
// session, or all but this one; a parent with manageAgents sees and ends a sub-agent's. An ended
// session is refused on its very next call.
import { z } from 'zod';
import { endpoint, Id } from '../core/endpoint.ts';
import { Count } from '../core/common.ts';

/** Why a session ended before its time: its owner ended it, the parent did, a password change, log-out. */
export const SESSION_END_REASONS = ['ended', 'ended_by_parent', 'password', 'logout'] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

export const SessionRow = z.object({
  IdSession: z.number().int(),
  /** "Chrome on Android": from the browser's user agent when it signed in; null when unknown. */
  Device: z.string().nullable(),
  Ip: z.string().nullable(),
  /** ISO 3166 alpha-2, when a trusted proxy said. */
  Country: z.string().nullable(),
  /** How it signed in: password, token, link, totp, recovery, passkey; null before issue 20. */
  Method: z.string().nullable(),
  StartedAt: z.string(),
  LastSeenAt: z.string(),
  /** When it ends unless used again (the idle expiry, never past the absolute one). */
  ExpiresAt: z.string(),
  /** The session this call was made with. */
  This: z.boolean(),
});
export type SessionRow = z.infer<typeof SessionRow>;

/** Live sessions, the most recently used first. */
export const SessionList = z.object({ Sessions: z.array(SessionRow) });
export type SessionList = z.infer<typeof SessionList>;

export const SessionsEnded = z.object({ Ended: Count });
export type SessionsEnded = z.infer<typeof SessionsEnded>;

export const getMySessions = endpoint({
  method: 'GET',
  base: 'core',
  path: 'WebClient4Frames/Sessions',
  summary:
    'The caller\u2019s live sessions (agent or player): device, address, country, how it signed in, started, last seen, when it expires, and which is this one.',
  audience: 'session',
  response: SessionList,
});

export const endMySession = endpoint({
  method: 'POST',
  base: 'core',
  path: 'WebClient4Frames/EndSession',
  summary:
    'Ends one of the caller\u2019s own live sessions (this one too, as a log-out would); refused at once on its next call.',
  audience: 'session',
  body: z.object({ IdSession: Id }),
  response: SessionsEnded,
});

export const endMyOtherSessions = endpoint({
  method: 'POST',
  base: 'core',
  path: 'WebClient4Frames/EndOtherSessions',
  summary: 'Ends every live session of the caller but the one making this call.',
  audience: 'session',
  body: z.object({}).optional(),
  response: SessionsEnded,
});

export const AgentSessionList = SessionList.extend({
  IdAgent: z.number().int(),
  Agent: z.string(),
});
export type AgentSessionList = z.infer<typeof AgentSessionList>;

export const getAgentSessions = endpoint({
  method: 'GET',
  base: 'reports',
  path: 'AgentSiteFrames/GetAgentSessions',
  summary: 'The live sessions of a sub-agent in the caller\u2019s subtree.',
  audience: 'agent',
  right: 'manageAgents',
  query: z.object({ idAgent: Id }),
  response: AgentSessionList,
});

export const endAgentSessions = endpoint({
  method: 'POST',
  base: 'reports',
  path: 'AgentSiteFrames/EndAgentSessions',
  summary:
    'Ends every live session of a sub-agent in the caller\u2019s subtree (never the caller\u2019s own, a parent\u2019s or another site\u2019s).',
  audience: 'agent',
  right: 'manageAgents',
  body: z.object({ IdAgent: Id }),
  response: SessionsEnded,
});
