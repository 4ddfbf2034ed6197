// SQL of the log-in history: one account's log-ins over a span, newest first, a page at a time.
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/query.ts';
import type { SessionOwner } from './sessions-repository.ts';

/** Characters of a device's hash shown: enough to tell devices apart, never the whole hash. */
export const DEVICE_TAG_LENGTH = 8;

export interface LoginDbRow {
  at: Date | string;
  outcome: string;
  method: string;
  source: string;
  ip: string | null;
  country: string | null;
  device: string | null;
  device_tag: string | null;
}

interface Span {
  siteId: number;
  owner: SessionOwner;
  from: Date;
  to: Date;
}

/** Each on its index: login_events_agent or login_events_player, (id, at). */
const of = ({ siteId, owner, from, to }: Span) =>
  sql`e.site_id = ${siteId} and e.kind = ${owner.kind}
    and ${owner.kind === 'agent' ? sql`e.agent_id` : sql`e.player_id`} = ${owner.id}
    and e.at >= ${from.toISOString()}::timestamptz and e.at < ${to.toISOString()}::timestamptz`;

export function selectLogins(ex: Executor, span: Span, page: { limit: number; offset: number }) {
  return queryRows<LoginDbRow>(
    ex,
    sql`select e.at, e.outcome, e.method, e.source, e.ip, e.country, e.device,
          left(e.device_hash, ${DEVICE_TAG_LENGTH}) as device_tag
        from login_events e
        where ${of(span)}
        order by e.at desc, e.id desc
        limit ${page.limit} offset ${page.offset}`,
  );
}

export async function countLogins(ex: Executor, span: Span) {
  const [row] = await queryRows<{ total: number; ok: number }>(
    ex,
    sql`select count(*)::int as total, (count(*) filter (where e.outcome = 'ok'))::int as ok
        from login_events e
        where ${of(span)}`,
  );
  return row ?? { total: 0, ok: 0 };
}
