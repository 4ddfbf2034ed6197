// Who entered a payment or changed a wager, as every list and export shows it: the signed-in
// agent's login. Not its e-mail (the session's principal), and not the agent it acts for.
import type { Executor } from '../db/query.ts';
import type { AgentAuth } from '../auth/auth-context.ts';
import { selectAgentLogin } from './agents-repository.ts';

export async function entrantOf(db: Executor, auth: AgentAuth): Promise<string> {
  const login = await selectAgentLogin(db, { siteId: auth.siteId, agentId: auth.selfAgentId });
  // A session always has its agent; the principal only stands in should the row be gone.
  return login ?? auth.principal;
}
