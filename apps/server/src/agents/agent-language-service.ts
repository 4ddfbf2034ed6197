// The signed-in agent's language, remembered so that log-in applies it on any device.
import type { Language } from '@backline/contract';
import type { Db } from '../db/query.ts';
import type { AgentAuth } from '../auth/auth-context.ts';
import { UnauthorizedError } from '../errors.ts';
import { updateAgentLanguage } from './agents-repository.ts';

export function createAgentLanguageService({ db }: { db: Db }) {
  /** Always the agent who signed in: acting for a sub-agent must not change the sub-agent's choice. */
  async function setLanguage(auth: AgentAuth, language: Language): Promise<Language> {
    const agent = { siteId: auth.siteId, agentId: auth.selfAgentId, language };
    if (!(await updateAgentLanguage(db, agent))) throw new UnauthorizedError();
    return language;
  }
  return { setLanguage };
}

export type AgentLanguageService = ReturnType<typeof createAgentLanguageService>;
