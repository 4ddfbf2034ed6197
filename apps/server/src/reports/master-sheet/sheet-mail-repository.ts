// SQL of the weekly sheets by e-mail (decision 033): one row of sheet_mails per agent and closed
// week, which is also the log of its sends: status, attempts and the last error.
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/query.ts';

export type SheetMailStatus = 'pending' | 'sent' | 'failed';

export async function selectSiteIds(db: Executor): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(db, sql`select id from sites order by id`);
  return rows.map((r) => r.id);
}

/**
 * Owes `week`'s sheet to every active agent of the site that asked for it and has a row frozen in
 * that week; an agent already owed it keeps its row. Answers the rows made now.
 */
export async function insertPendingMails(
  db: Executor,
  siteId: number,
  week: string,
  at: Date,
): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`insert into sheet_mails (site_id, agent_id, week_start, status, attempts, created_at)
        select a.site_id, a.id, w.week_start, 'pending', 0, ${at.toISOString()}::timestamptz
        from agents a
        join agent_sheet_weeks w on w.agent_id = a.id and w.week_start = ${week}::date
        where a.site_id = ${siteId} and a.sheet_email and a.active
        order by a.id
        on conflict (agent_id, week_start) do nothing
        returning id`,
  );
  return rows.map((r) => r.id);
}

export interface SheetMailDbRow {
  id: number;
  site_id: number;
  agent_id: number;
  week: string;
  status: SheetMailStatus;
  attempts: number;
  login: string;
  name: string;
  email: string;
  language: string;
  time_zone: string;
  currency: string;
}

/** A mail with what its send needs of the agent and its site. */
export async function findSheetMail(db: Executor, id: number): Promise<SheetMailDbRow | null> {
  const [row] = await queryRows<SheetMailDbRow>(
    db,
    sql`select m.id, m.site_id, m.agent_id, to_char(m.week_start, 'YYYY-MM-DD') as week,
          m.status, m.attempts, a.login, a.name, a.email, a.language, s.time_zone, s.currency
        from sheet_mails m
        join agents a on a.id = m.agent_id
        join sites s on s.id = m.site_id
        where m.id = ${id}`,
  );
  return row ?? null;
}

export async function markSent(db: Executor, id: number, at: Date): Promise<void> {
  await db.execute(sql`
    update sheet_mails set status = 'sent', attempts = attempts + 1,
      sent_at = ${at.toISOString()}::timestamptz
    where id = ${id} and status = 'pending'`);
}

/** An attempt that did not send; `failed`: the last one the queue will make. */
export async function markAttemptFailed(
  db: Executor,
  id: number,
  error: string,
  failed: boolean,
): Promise<void> {
  await db.execute(sql`
    update sheet_mails set attempts = attempts + 1, last_error = ${error},
      status = ${failed ? 'failed' : 'pending'}
    where id = ${id} and status = 'pending'`);
}

export interface SheetMailLogDbRow {
  id: number;
  agent_id: number;
  login: string;
  week: string;
  status: SheetMailStatus;
  attempts: number;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

/** The log of a site's sheet mails, newest week first (every week when `week` is null). */
export function selectSheetMailLog(
  db: Executor,
  siteId: number,
  week: string | null,
): Promise<SheetMailLogDbRow[]> {
  return queryRows<SheetMailLogDbRow>(
    db,
    sql`select m.id, m.agent_id, a.login, to_char(m.week_start, 'YYYY-MM-DD') as week, m.status,
          m.attempts, m.last_error,
          to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
          to_char(m.sent_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as sent_at
        from sheet_mails m join agents a on a.id = m.agent_id
        where m.site_id = ${siteId}
          and (${week}::date is null or m.week_start = ${week}::date)
        order by m.week_start desc, a.login`,
  );
}
