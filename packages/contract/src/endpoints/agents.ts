// Agent tree, sub-agents and notifications (the tree issue builds them).
import { z } from 'zod';
import { endpoint, Id, OptionalId, Ok, Timestamp } from '../endpoint.ts';
import { Money } from '../money.ts';
import { AgentSummary } from './auth.ts';

export const TreeNode = z.object({
  Kind: z.enum(['agent', 'player']),
  Id: z.number().int(),
  IdParent: z.number().int().nullable(),
  Login: z.string(),
  Name: z.string(),
  Agents: z.number().int(),
  Players: z.number().int(),
  ThisWeek: Money,
  Balance: Money,
  Currency: z.string(),
});

export const getAgentPlayerTree = endpoint({
  method: 'GET',
  base: 'reports',
  path: 'AgentSiteFrames/GetAgentPlayerTree',
  summary: 'The direct children of an agent of the subtree, with counts and figures (lazy tree).',
  audience: 'agent',
  query: z.object({ idAgent: OptionalId, search: z.string().max(64).optional() }),
  response: z.object({ Nodes: z.array(TreeNode) }),
});

export const getSubAgents = endpoint({
  method: 'POST',
  base: 'reports',
  path: 'AgentSiteFrames/GetSubAgents',
  summary: 'Every agent of the caller\u2019s subtree, for selectors.',
  audience: 'agent',
  body: z.object({ idAgent: OptionalId }).optional(),
  response: z.array(AgentSummary),
});

export const Notification = z.object({
  IdNotification: z.number().int(),
  Title: z.string(),
  Body: z.string(),
  CreatedAt: Timestamp,
  SeenAt: Timestamp.nullable(),
});

export const getNotificationByAgentId = endpoint({
  method: 'GET',
  base: 'reports',
  path: 'AgentSiteFrames/GetNotificationByAgentId',
  summary: 'Unseen notifications of the agent.',
  audience: 'agent',
  response: z.array(Notification),
});

export const getSeenNotificationByAgentId = endpoint({
  method: 'GET',
  base: 'reports',
  path: 'AgentSiteFrames/GetSeenNotificationByAgentId',
  summary: 'Seen notifications of the agent.',
  audience: 'agent',
  response: z.array(Notification),
});

export const markNotificationAsView = endpoint({
  method: 'GET',
  base: 'reports',
  path: 'AgentSiteFrames/MarkNotificationAsView',
  summary: 'Marks one notification as viewed.',
  audience: 'agent',
  query: z.object({ idNotification: Id }),
  response: Ok,
});

export const markAllNotificationsAsView = endpoint({
  method: 'GET',
  base: 'reports',
  path: 'AgentSiteFrames/MarkAllNotificationsAsView',
  summary: 'Marks every notification of the agent as viewed.',
  audience: 'agent',
  response: z.object({ Ok: z.literal(true), Marked: z.number().int() }),
});

export { OptionalId };
