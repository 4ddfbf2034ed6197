// What a parent sets for a sub-agent (issue 17, DOMAIN.md "Running the book"): its rights (never
// wider than the parent's), the caps no player below it may exceed (within the caps above), the
// limits its new players start with, and the products turned off for its whole subtree.
import { z } from 'zod';
import { defaulted, endpoint, Id } from '../core/endpoint.ts';
import { Right } from '../core/enums.ts';
import { Limit, WagerLimits } from '../core/limits.ts';
import { Money } from '../core/money.ts';
import { BOOK_PRODUCTS, BookProduct } from './platform-feed.ts';

/** The limits a new player of the agent starts with; 0 maximum wager: none of the player's own. */
export const PlayerDefaults = z.object({
  CreditLimit: defaulted(Limit, 0),
  MaxWager: defaulted(Limit, 0),
  Limits: defaulted(WagerLimits, {
    MinByType: {},
    MaxByType: {},
    MaxBySport: {},
    MaxParlayLegs: null,
    MaxParlayPayout: null,
  }),
});
export type PlayerDefaults = z.output<typeof PlayerDefaults>;

export const AgentSettings = z.object({
  IdAgent: z.number().int(),
  Agent: z.string(),
  Name: z.string(),
  Currency: z.string(),
  Rights: z.array(Right),
  /** The rights the caller may give this agent: its parent's, as far as the caller holds them. */
  Grantable: z.array(Right),
  /** Null: no cap of its own (the caps above still bind). */
  CreditLimitCap: Money.nullable(),
  MaxWagerCap: Money.nullable(),
  /** The tightest caps of the agents above, which this agent's own stay within. */
  CapsAbove: z.object({ CreditLimit: Money.nullable(), MaxWager: Money.nullable() }),
  ProductsOff: z.array(BookProduct),
  PlayerDefaults,
});
export type AgentSettings = z.infer<typeof AgentSettings>;

export const getAgentSettings = endpoint({
  method: 'POST',
  base: 'reports',
  path: 'AgentSiteFrames/GetAgentSettings',
  summary: "A sub-agent's rights, caps, new players' limits and products, as its parent sets them.",
  audience: 'agent',
  right: 'manageAgents',
  body: z.object({ idAgent: Id }),
  response: AgentSettings,
});

const Cap = Limit.nullable();

export const SetAgentSettings = z.object({
  idAgent: Id,
  rights: z.array(Right).max(20),
  creditLimitCap: Cap,
  maxWagerCap: Cap,
  productsOff: defaulted(z.array(BookProduct).max(BOOK_PRODUCTS.length), []),
  playerDefaults: PlayerDefaults,
});

export const setAgentSettings = endpoint({
  method: 'POST',
  base: 'reports',
  path: 'AgentSiteFrames/SetAgentSettings',
  summary:
    "Sets a sub-agent's rights, caps, new players' limits and products; a right taken away or a cap " +
    'lowered reaches every agent below it. Recorded with before and after.',
  audience: 'agent',
  right: 'manageAgents',
  body: SetAgentSettings,
  response: AgentSettings,
});
