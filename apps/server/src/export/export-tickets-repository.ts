// SQL of export tickets: issued to a session, spent by one download, and the download's progress.
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/query.ts';

export interface ExportDbRow {
  id: number;
  state: string;
  rows: number;
  error_code: string | null;
}

export async function insertTicket(
  db: Executor,
  row: {
    ticketHash: string;
    sessionId: number;
    siteId: number;
    request: unknown;
    caller: unknown;
    expiresAt: Date;
  },
): Promise<number> {
  // Finished or never used, a day on: kept that long so a screen can still ask how it ended.
  await db.execute(
    sql`delete from export_tickets where expires_at < now() - interval '1 day'
          and (finished_at is not null or used_at is null)`,
  );
  const [inserted] = await queryRows<{ id: number }>(
    db,
    sql`insert into export_tickets (ticket_hash, session_id, site_id, request, caller, expires_at)
        values (${row.ticketHash}, ${row.sessionId}, ${row.siteId}, ${JSON.stringify(row.request)}::jsonb,
                ${JSON.stringify(row.caller)}::jsonb, ${row.expiresAt.toISOString()}::timestamptz)
        returning id`,
  );
  return Number(inserted!.id);
}

export interface TicketHolder {
  id: number;
  request: unknown;
  caller: unknown;
}

/**
 * Spends the ticket and returns what it was issued for, if it is unused, unexpired, its session
 * lives, and (when the download shows a session too) that session is the one it was issued to.
 */
export async function consumeTicket(
  db: Executor,
  ticketHash: string,
  at: Date,
  presenterSessionId: number | null,
): Promise<TicketHolder | null> {
  const now = at.toISOString();
  const [row] = await queryRows<TicketHolder>(
    db,
    sql`update export_tickets t set used_at = ${now}::timestamptz, state = 'running'
        from sessions s
        where t.ticket_hash = ${ticketHash} and t.used_at is null
          and t.expires_at > ${now}::timestamptz
          and s.id = t.session_id and s.revoked_at is null
          and s.idle_expires_at > ${now}::timestamptz and s.absolute_expires_at > ${now}::timestamptz
          and (${presenterSessionId}::int8 is null or t.session_id = ${presenterSessionId}::int8)
        returning t.id, t.request, t.caller`,
  );
  return row ? { ...row, id: Number(row.id) } : null;
}

export async function findExport(
  db: Executor,
  id: number,
  sessionId: number,
): Promise<ExportDbRow | null> {
  const [row] = await queryRows<ExportDbRow>(
    db,
    sql`select id, state, rows, error_code from export_tickets
        where id = ${id} and session_id = ${sessionId}`,
  );
  return row ? { ...row, id: Number(row.id) } : null;
}

/** Records the rows written so far; answers whether a cancel has been asked for meanwhile. */
export async function saveRows(db: Executor, id: number, rows: number): Promise<boolean> {
  const [row] = await queryRows<{ cancelled: boolean }>(
    db,
    sql`update export_tickets set rows = greatest(rows, ${rows})
        where id = ${id} returning cancel_requested_at is not null as cancelled`,
  );
  return row?.cancelled ?? false;
}

export async function finishExport(
  db: Executor,
  id: number,
  end: { state: string; rows: number; code: string | null; at: Date },
): Promise<void> {
  await db.execute(
    sql`update export_tickets set state = ${end.state}, rows = greatest(rows, ${end.rows}),
          error_code = ${end.code}, finished_at = ${end.at.toISOString()}::timestamptz
        where id = ${id} and finished_at is null`,
  );
}

/**
 * Asks an export of the session to stop: one not yet downloaded is cancelled at once (its ticket
 * spent), a running one is flagged for the download to see; a finished one stays as it ended.
 */
export async function requestCancel(
  db: Executor,
  id: number,
  sessionId: number,
  at: Date,
): Promise<ExportDbRow | null> {
  const now = at.toISOString();
  const [row] = await queryRows<ExportDbRow>(
    db,
    sql`update export_tickets set
          cancel_requested_at = coalesce(cancel_requested_at, ${now}::timestamptz),
          used_at = coalesce(used_at, ${now}::timestamptz),
          state = case when state = 'waiting' then 'cancelled' else state end,
          finished_at = case when state = 'waiting' then ${now}::timestamptz else finished_at end
        where id = ${id} and session_id = ${sessionId}
        returning id, state, rows, error_code`,
  );
  return row ? { ...row, id: Number(row.id) } : null;
}
