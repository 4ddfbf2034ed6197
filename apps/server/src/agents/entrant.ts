// Who entered a payment or changed a wager, as every list and export shows it: the signed-in
// agent's login. Not its e-mail (the session's principal), and not the agent it acts for.
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/query.ts';
import type { AgentAuth } from '../auth/auth-context.ts';

export async function entrantOf(db: Executor, auth: AgentAuth): Promise<string> {
  const [row] = await queryRows<{ login: string }>(
    db,
    sql`select login from agents where id = ${auth.selfAgentId} and site_id = ${auth.siteId}`,
  );
  // A session always has its agent; the principal only stands in should the row be gone.
  return row?.login ?? auth.principal;
}
