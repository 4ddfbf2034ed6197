// The language picked in the header is remembered for the signed-in agent, so the next log-in
// opens in it (the server keeps it for the agent itself, also while acting for a sub-agent).
import { setAgentLanguage } from '@backline/contract/calls/agents';
import type { Language } from '@backline/contract/core/enums';
import { apiCall } from '@/lib/api-client';

export function rememberLanguage(language: Language): Promise<unknown> {
  return apiCall(setAgentLanguage, { body: { Language: language } });
}
