// A new agent made from the tree (issue 17): under the caller or an agent below it, with rights and
// caps within its parent's, and a first password or an access link by e-mail. An approved sign-up
// makes its agent on the same path, and both offer the same parents (SignUpParent).
import { z } from 'zod';
import { endpoint, optional, OptionalId } from '../core/endpoint.ts';
import { Language, Right, RIGHTS } from '../core/enums.ts';
import { PaymentAmount } from '../core/money.ts';
import { NewPassword } from './accounts.ts';
import { AgentSummary } from './auth.ts';
import { PLAYER_ACCESS } from './player-create.ts';
import { AgentSignUpData, SignUpParent } from './sign-up.ts';

/** password: the caller gives one now; link: the agent gets an e-mail to choose it (as a player). */
export const AGENT_ACCESS = PLAYER_ACCESS;

export const getNewAgentParents = endpoint({
  method: 'GET',
  base: 'reports',
  path: 'AgentSiteFrames/GetNewAgentParents',
  summary:
    'The agents a new agent may go under (the caller and those below it), each with the rights ' +
    'it may be given and the caps it must stay within.',
  audience: 'agent',
  right: 'manageAgents',
  response: z.object({ Parents: z.array(SignUpParent) }),
});

export const CreateAgent = z.object({
  /** The agent the new one goes under: the caller's own view when left out. */
  idAgent: OptionalId,
  /** The same rule as a sign-up's login. */
  login: AgentSignUpData.shape.Login,
  name: z.string({ error: 'is required' }).trim().min(1, 'is required').max(100),
  /** An agent's e-mail is its session's name (the Token's first field), so it is required. */
  email: z.email('must be an e-mail address').max(254, 'is at most 254 characters'),
  /** Within the parent's (rights narrow downwards); view-only may always be added. */
  rights: z.array(Right).max(RIGHTS.length),
  /** Caps no player below the new agent may exceed, minor units, within the parent's. */
  creditLimitCap: PaymentAmount,
  maxWagerCap: PaymentAmount,
  access: z.enum(AGENT_ACCESS, { error: 'must be password or link' }),
  password: optional(NewPassword),
  /** The page the link opens on (its origin must be one of the site's), for `link`. */
  currentURL: optional(z.url('must be a URL').max(2000)),
  /** The new agent's language (its mail and its screens); English when left out. */
  language: optional(Language),
});

export const CreatedAgent = AgentSummary.extend({
  Parent: z.string(),
  Email: z.string(),
  Currency: z.string(),
  Rights: z.array(Right),
  CreditLimitCap: z.number().int(),
  MaxWagerCap: z.number().int(),
});
export type CreatedAgent = z.infer<typeof CreatedAgent>;

export const createAgent = endpoint({
  method: 'POST',
  base: 'reports',
  path: 'AgentSiteFrames/CreateAgent',
  summary:
    'Creates an agent under the caller or an agent below it, with rights and caps within its ' +
    'parent’s and a first password or an access link by e-mail; recorded, and the platform hears of it.',
  audience: 'agent',
  right: 'manageAgents',
  body: CreateAgent,
  response: z.object({ Agent: CreatedAgent, AccessLinkSent: z.boolean() }),
});
