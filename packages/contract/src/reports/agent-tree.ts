// Agent tree: the agents and players of the subtree, one level at a time, or found by a search.
import { z } from 'zod';
import { defaulted, endpoint, optional, OptionalId, WholeNumber } from '../core/endpoint.ts';
import { Money } from '../core/money.ts';
import { IsoDate } from '../core/periods.ts';
import { PageNumber } from '../core/common.ts';

/** Figures of one currency: a player has one; an agent one per currency its players hold. */
export const TreeFigure = z.object({
  Currency: z.string(),
  Players: z.number().int(),
  /** Win/loss of the current week (sports + casino + horses + rbl), from the player's side. */
  ThisWeek: Money,
  Balance: Money,
});
export type TreeFigure = z.infer<typeof TreeFigure>;

export const TreeNode = z.object({
  Kind: z.enum(['agent', 'player']),
  Id: z.number().int(),
  /** The agent right above: an agent's parent, a player's agent; null for a master agent. */
  IdParent: z.number().int().nullable(),
  Login: z.string(),
  Name: z.string(),
  Active: z.boolean(),
  /** Agents and players anywhere below the node (0 for a player). */
  Agents: z.number().int(),
  Players: z.number().int(),
  /** Sorted by currency; empty for an agent without players. */
  Figures: z.array(TreeFigure),
  /** Agent ids from the caller's own view agent down to IdParent: expand these to reach the node. */
  Path: z.array(z.number().int()),
});
export type TreeNode = z.infer<typeof TreeNode>;

export const AGENT_PLAYER_TREE_SEARCH_LIMIT = 100;

export const AgentPlayerTreeQuery = z.object({
  idAgent: OptionalId,
  /** Login or name, case-insensitive, anywhere in the subtree of idAgent. */
  search: optional(z.string().trim().max(64, 'is at most 64 characters')),
  /** Pages of Root's own players (an agent may hold thousands); its sub-agents come on page 1. */
  page: PageNumber,
  pageSize: defaulted(WholeNumber('must be a number', 1, 1000), 200),
});

export const AgentPlayerTreeResponse = z.object({
  /** The agent asked for (idAgent, default the caller's view agent) with its whole subtree's totals. */
  Root: TreeNode,
  /**
   * Without search: Root's direct children, by login: its sub-agents (page 1 only), then one page of
   * its own players. With search: the best matches, whatever the page.
   */
  Nodes: z.array(TreeNode),
  Page: z.number().int(),
  PageSize: z.number().int(),
  /** Root's own players, over every page (0 with search). */
  PlayersTotal: z.number().int(),
  Search: z.string().nullable(),
  /** The search matched more than AGENT_PLAYER_TREE_SEARCH_LIMIT nodes; only the best are listed. */
  Truncated: z.boolean(),
  /** The week ThisWeek covers, in the site's time zone. */
  StartDate: IsoDate,
  EndDate: IsoDate,
});
export type AgentPlayerTreeResponse = z.infer<typeof AgentPlayerTreeResponse>;

export const getAgentPlayerTree = endpoint({
  method: 'GET',
  base: 'reports',
  path: 'AgentSiteFrames/GetAgentPlayerTree',
  summary:
    'One level of the agent and player tree (lazy): the children of an agent of the subtree with ' +
    'counts and figures per currency, or the nodes matching a search with their paths.',
  audience: 'agent',
  query: AgentPlayerTreeQuery,
  response: AgentPlayerTreeResponse,
});
