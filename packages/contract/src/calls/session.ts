// How long a session has left before its idle expiry, and the call that moves that expiry on.
import { z } from 'zod';
import { endpoint } from '../core/endpoint.ts';

/** On every answer to a call made with a session: whole seconds until it ends unless used again. */
export const SESSION_EXPIRES_HEADER = 'x-session-expires-in';

export const keepAlive = endpoint({
  method: 'POST',
  base: 'core',
  path: 'WebClient4Frames/KeepAlive',
  summary:
    'Keeps the current session: its idle expiry moves on from now (the agent chose to stay signed in). Answers the seconds it has left.',
  audience: 'session',
  body: z.object({}).optional(),
  response: z.object({ IdleExpiresInSeconds: z.number().int().nonnegative() }),
});
