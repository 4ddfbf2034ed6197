// The signed-in agent's language, remembered so that log-in applies it on any device.
import { and, eq } from 'drizzle-orm';
import type { Language } from '@backline/contract';
import type { Db } from '../db/query.ts';
import { agents } from '../db/schema.ts';
import type { AgentAuth } from '../auth/auth-context.ts';
import { UnauthorizedError } from '../errors.ts';

export function createAgentLanguageService({ db }: { db: Db }) {
  /** Always the agent who signed in: acting for a sub-agent must not change the sub-agent's choice. */
  async function setLanguage(auth: AgentAuth, language: Language): Promise<Language> {
    const updated = await db
      .update(agents)
      .set({ language })
      .where(and(eq(agents.id, auth.selfAgentId), eq(agents.siteId, auth.siteId)))
      .returning({ id: agents.id });
    if (updated.length === 0) throw new UnauthorizedError();
    return language;
  }
  return { setLanguage };
}

export type AgentLanguageService = ReturnType<typeof createAgentLanguageService>;
