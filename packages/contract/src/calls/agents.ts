// Sub-agents for selectors and the signed-in agent's own settings.
import { z } from 'zod';
import { endpoint, OptionalId, Ok } from '../core/endpoint.ts';
import { Language } from '../core/enums.ts';
import { AgentSummary } from './auth.ts';

export const getSubAgents = endpoint({
  method: 'POST',
  base: 'reports',
  path: 'AgentSiteFrames/GetSubAgents',
  summary: 'Every agent of the caller\u2019s subtree, for selectors.',
  audience: 'agent',
  body: z.object({ idAgent: OptionalId }).optional(),
  response: z.array(AgentSummary),
});

export const setAgentLanguage = endpoint({
  method: 'POST',
  base: 'reports',
  path: 'AgentSiteFrames/SetAgentLanguage',
  summary:
    'Remembers the signed-in agent\u2019s language (itself, also while acting for a sub-agent); ' +
    'log-in returns it.',
  audience: 'agent',
  body: z.object({ Language }),
  response: Ok.extend({ Language }),
});
