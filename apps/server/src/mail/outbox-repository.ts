// SQL of the mail outbox: where mail goes when no SMTP server is configured (development).
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/query.ts';
import type { Mail } from './mailer.ts';

export async function insertOutboxMail(db: Executor, mail: Mail, at: Date): Promise<void> {
  const when = at.toISOString();
  await db.execute(sql`
    insert into mail_outbox (site_id, to_address, subject, text_body, html_body, created_at, sent_at)
    values (${mail.siteId}, ${mail.to}, ${mail.subject}, ${mail.text}, ${mail.html},
            ${when}::timestamptz, ${when}::timestamptz)`);
}

export interface OutboxMailDbRow {
  to: string;
  subject: string;
  text: string;
  /** ISO 8601 in UTC, as `Date.toISOString` writes it. */
  created_at: string;
}

/** The newest mail first. */
export function selectLatestOutboxMail(db: Executor, limit: number): Promise<OutboxMailDbRow[]> {
  return queryRows<OutboxMailDbRow>(
    db,
    sql`
    select to_address as "to", subject, text_body as "text",
      to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
    from mail_outbox order by id desc limit ${limit}`,
  );
}
