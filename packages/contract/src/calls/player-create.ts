// A new player (issue 17): made by an agent under itself or a sub-agent, or by the platform through
// the feed; both end in the same service. The player starts on the agent's default limits.
import { z } from 'zod';
import { endpoint, optional, OptionalId } from '../core/endpoint.ts';
import { LOGIN_PATTERN, LOGIN_RULE } from '../core/common.ts';
import { NewPassword } from './accounts.ts';
import { PlayerAccount } from './player-account.ts';

export const PLAYER_ACCESS = ['password', 'link'] as const;
/** How a new account first gets in: a password given now, or an access link by e-mail. */
export type AccessKind = (typeof PLAYER_ACCESS)[number];

export const CreatePlayer = z.object({
  /** The agent the player is under: the caller's own when left out. */
  idAgent: OptionalId,
  login: z.string({ error: 'is required' }).trim().regex(LOGIN_PATTERN, LOGIN_RULE),
  name: z.string({ error: 'is required' }).trim().min(1, 'is required').max(100),
  email: optional(z.email('must be an e-mail address').max(254, 'is at most 254 characters')),
  /** password: the agent gives one now; link: the player gets an e-mail to choose it. */
  access: z.enum(PLAYER_ACCESS, { error: 'must be password or link' }),
  password: optional(NewPassword),
  /** The page the link opens on (its origin must be one of the site's), for `link`. */
  currentURL: optional(z.url('must be a URL').max(2000)),
});

export const createPlayer = endpoint({
  method: 'POST',
  base: 'reports',
  path: 'AgentSiteFrames/CreatePlayer',
  summary:
    'Creates a player under the caller or a sub-agent, on the agent’s default limits, with a first ' +
    'password or an access link by e-mail; the platform hears of it.',
  audience: 'agent',
  right: 'managePlayers',
  body: CreatePlayer,
  response: z.object({ Player: PlayerAccount, AccessLinkSent: z.boolean() }),
});
