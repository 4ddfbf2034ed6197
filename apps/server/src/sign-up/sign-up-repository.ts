// SQL of agent sign-ups; takes a database or an open transaction.
import { and, desc, eq, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/query.ts';
import { agents, signUps, sites } from '../db/schema.ts';

export async function findSite(ex: Executor, siteId: number) {
  const [site] = await ex.select().from(sites).where(eq(sites.id, siteId));
  return site ?? null;
}

/** Which of a login and an e-mail an agent or a pending sign-up of the site already holds. */
export async function takenOnSite(ex: Executor, siteId: number, login: string, email: string) {
  const [row] = await queryRows<{ login_taken: boolean; email_taken: boolean }>(
    ex,
    sql`
    select
      exists (select 1 from ${agents} where site_id = ${siteId} and lower(login) = lower(${login}))
      or exists (select 1 from ${signUps} where site_id = ${siteId} and status = 'pending'
                 and lower(data->>'Login') = lower(${login})) as login_taken,
      exists (select 1 from ${agents} where site_id = ${siteId} and lower(email) = lower(${email}))
      or exists (select 1 from ${signUps} where site_id = ${siteId} and status = 'pending'
                 and lower(data->>'Email') = lower(${email})) as email_taken`,
  );
  return { login: Boolean(row?.login_taken), email: Boolean(row?.email_taken) };
}

export async function insertSignUp(ex: Executor, siteId: number, data: object, at: Date) {
  const [row] = await ex
    .insert(signUps)
    .values({ siteId, data, status: 'pending', createdAt: at })
    .returning({ id: signUps.id });
  return row!.id;
}

export async function listSignUps(ex: Executor, siteId: number, status: string) {
  return ex
    .select()
    .from(signUps)
    .where(and(eq(signUps.siteId, siteId), eq(signUps.status, status)))
    .orderBy(desc(signUps.createdAt), desc(signUps.id))
    .limit(500);
}

export async function lockSignUp(ex: Executor, siteId: number, id: number) {
  const [row] = await ex
    .select()
    .from(signUps)
    .where(and(eq(signUps.id, id), eq(signUps.siteId, siteId)))
    .for('update');
  return row ?? null;
}

export async function decide(
  ex: Executor,
  id: number,
  status: 'approved' | 'rejected',
  by: number,
  at: Date,
) {
  await ex.update(signUps).set({ status, decidedAt: at, decidedBy: by }).where(eq(signUps.id, id));
}

export async function isSiteRoot(ex: Executor, agentId: number) {
  const [row] = await ex
    .select({ parentId: agents.parentId })
    .from(agents)
    .where(eq(agents.id, agentId));
  return row !== undefined && row.parentId === null;
}

export interface ParentInTree {
  id: number;
  parentId: number | null;
  login: string;
  name: string;
  depth: number;
  currency: string;
  rights: string[];
  /** The tightest caps of the agent and those above it, minor units (null: none sets one). */
  creditLimitCap: number | null;
  maxWagerCap: number | null;
}

/**
 * The agents an approval may place a new agent under: the approver and those below it (one of
 * them when `id` is given), shallowest first, each with its rights and the tightest caps of its chain.
 */
export async function parentsInTree(
  ex: Executor,
  siteId: number,
  approverId: number,
  id?: number,
): Promise<ParentInTree[]> {
  const rows = await queryRows<{
    id: number;
    parent_id: number | null;
    login: string;
    name: string;
    depth: number;
    currency: string;
    rights: string[];
    credit_cap: number | string | null;
    wager_cap: number | string | null;
  }>(
    ex,
    sql`
    select a.id, a.parent_id, a.login, a.name, a.depth, a.currency, a.rights,
      (select min(x.credit_limit_cap) from agent_closure up join ${agents} x on x.id = up.ancestor_id
        where up.descendant_id = a.id) as credit_cap,
      (select min(x.max_wager_cap) from agent_closure up join ${agents} x on x.id = up.ancestor_id
        where up.descendant_id = a.id) as wager_cap
    from agent_closure c join ${agents} a on a.id = c.descendant_id
    where c.ancestor_id = ${approverId} and a.site_id = ${siteId} and a.active
      ${id === undefined ? sql`` : sql`and c.descendant_id = ${id}`}
    order by c.depth, lower(a.login)
    limit 5000`,
  );
  const cap = (v: number | string | null) => (v === null ? null : Number(v));
  return rows.map((row) => ({
    id: row.id,
    parentId: row.parent_id,
    login: row.login,
    name: row.name,
    depth: Number(row.depth),
    currency: row.currency,
    rights: row.rights,
    creditLimitCap: cap(row.credit_cap),
    maxWagerCap: cap(row.wager_cap),
  }));
}

/** The would-be parent of an approved agent when it is the approver or below it, or null. */
export async function parentInTree(ex: Executor, siteId: number, approverId: number, id: number) {
  const [row] = await parentsInTree(ex, siteId, approverId, id);
  return row ?? null;
}
