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
