// SQL of notifications, their views and stream tickets. Whom a notification addresses is one
// predicate (addressedTo), shared by the lists, the marking and the live stream.
import { audit } from '../security/audit-repository.ts';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/query.ts';
import { withPlanHints } from '../db/plan-hints.ts';
import { bigintArray, intArray } from '../db/sql-arrays.ts';
import { notifications, streamTickets } from '../db/schema.ts';

export interface NotificationRow {
  id: number;
  site_id: number;
  agent_id: number | null;
  include_subtree: boolean;
  title: string;
  body: string;
  created_at: Date | string;
  seen_at: Date | string | null;
  sender: string | null;
}

/** True when notification `n` reaches `agent`: the whole site, the agent itself, or an ancestor's subtree. */
function addressedTo(agent: SQL): SQL {
  return sql`(n.agent_id is null or n.agent_id = ${agent} or (n.include_subtree and exists (
    select 1 from agent_closure ac where ac.ancestor_id = n.agent_id and ac.descendant_id = ${agent})))`;
}

const COLUMNS = sql`n.id, n.site_id, n.agent_id, n.include_subtree, n.title, n.body, n.created_at`;
/** Notifications with their sender's name, as a stream pushes them: not seen yet. */
const UNSEEN_WITH_SENDER = sql`select ${COLUMNS}, null as seen_at, s.name as sender
        from notifications n left join agents s on s.id = n.created_by`;

export function selectList(
  db: Executor,
  q: { siteId: number; agentId: number; seen: boolean; limit: number },
): Promise<(NotificationRow & { total: number })[]> {
  // The list every screen asks for on load: prepared (its plan does not depend on the agent).
  return withPlanHints(
    db,
    'notifications',
    () => sql`select ${COLUMNS}, v.seen_at, s.name as sender, (count(*) over ())::int as total
        from notifications n
        left join notification_views v on v.notification_id = n.id and v.agent_id = ${q.agentId}
        left join agents s on s.id = n.created_by
        where n.site_id = ${q.siteId} and ${addressedTo(sql`${q.agentId}::int`)}
          and v.seen_at is ${q.seen ? sql`not null` : sql`null`}
        order by n.created_at desc, n.id desc
        limit ${q.limit}`,
  );
}

/** Unseen notifications of the agent newer than `afterId`, oldest first: what a reconnecting stream missed. */
export function selectUnseenAfter(
  db: Executor,
  q: { siteId: number; agentId: number; afterId: number; limit: number },
): Promise<NotificationRow[]> {
  return queryRows(
    db,
    sql`${UNSEEN_WITH_SENDER}
        where n.site_id = ${q.siteId} and n.id > ${q.afterId}
          and ${addressedTo(sql`${q.agentId}::int`)}
          and not exists (select 1 from notification_views v
                          where v.notification_id = n.id and v.agent_id = ${q.agentId})
        order by n.id limit ${q.limit}`,
  );
}

export async function isAddressed(
  db: Executor,
  q: { siteId: number; agentId: number; id: number },
): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`select 1 from notifications n
        where n.id = ${q.id} and n.site_id = ${q.siteId} and ${addressedTo(sql`${q.agentId}::int`)}`,
  );
  return rows.length > 0;
}

export async function insertView(
  db: Executor,
  q: { agentId: number; id: number; at: Date },
): Promise<void> {
  await db.execute(
    sql`insert into notification_views (notification_id, agent_id, seen_at)
        values (${q.id}, ${q.agentId}, ${q.at}) on conflict do nothing`,
  );
}

/** Marks every unseen notification of the agent; returns how many it marked. */
export async function insertAllViews(
  db: Executor,
  q: { siteId: number; agentId: number; at: Date },
): Promise<number> {
  const [row] = await queryRows<{ marked: number }>(
    db,
    sql`with marked as (
          insert into notification_views (notification_id, agent_id, seen_at)
          select n.id, ${q.agentId}, ${q.at} from notifications n
          where n.site_id = ${q.siteId} and ${addressedTo(sql`${q.agentId}::int`)}
            and not exists (select 1 from notification_views v
                            where v.notification_id = n.id and v.agent_id = ${q.agentId})
          on conflict do nothing
          returning 1)
        select count(*)::int as marked from marked`,
  );
  return row!.marked;
}

/** Unseen count of each agent in `agentIds` (within its own site). */
export async function countUnseen(
  db: Executor,
  agentIds: readonly number[],
): Promise<Map<number, number>> {
  const rows = await queryRows<{ id: number; unseen: number }>(
    db,
    sql`select a.id, (select count(*)::int from notifications n
                      where n.site_id = a.site_id and ${addressedTo(sql`a.id`)}
                        and not exists (select 1 from notification_views v
                                        where v.notification_id = n.id and v.agent_id = a.id)) as unseen
        from agents a where a.id = any(${intArray(agentIds)})`,
  );
  return new Map(rows.map((r) => [r.id, r.unseen]));
}

export async function isRootAgent(
  db: Executor,
  q: { siteId: number; agentId: number },
): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`select 1 from agents where id = ${q.agentId} and site_id = ${q.siteId} and parent_id is null`,
  );
  return rows.length > 0;
}

export async function insertNotification(
  db: Executor,
  row: typeof notifications.$inferInsert,
  by: { actorId: number; requestId: string; details: object },
): Promise<NotificationRow> {
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(notifications)
      .values(row)
      .returning({ id: notifications.id });
    await audit(tx, {
      siteId: row.siteId,
      actorKind: 'agent',
      actorId: by.actorId,
      action: 'notification.insert',
      targetKind: 'notification',
      targetId: created!.id,
      details: { ...by.details },
      requestId: by.requestId,
    });
    const [full] = await selectByIds(tx, [created!.id]);
    return full!;
  });
}

export function selectByIds(db: Executor, ids: readonly number[]): Promise<NotificationRow[]> {
  return queryRows(
    db,
    sql`${UNSEEN_WITH_SENDER}
        where n.id = any(${intArray(ids)}) order by n.id`,
  );
}

export function selectMaxId(db: Executor): Promise<number> {
  return queryRows<{ id: number }>(
    db,
    sql`select coalesce(max(id), 0)::int as id from notifications`,
  ).then((rows) => rows[0]!.id);
}

/**
 * Notifications above `cursor`, and those between `floor` and `cursor` created since `lateSince`:
 * an insert that took a lower id but committed after a higher one is still found.
 */
export function selectRecent(
  db: Executor,
  q: { floor: number; cursor: number; lateSince: Date; limit: number },
): Promise<NotificationRow[]> {
  return queryRows(
    db,
    sql`${UNSEEN_WITH_SENDER}
        where n.id > ${q.floor}
          and (n.id > ${q.cursor} or n.created_at > ${q.lateSince})
        order by n.id limit ${q.limit}`,
  );
}

/** Which of `descendants` lie under which of `ancestors` (self included). */
export function selectUnder(
  db: Executor,
  ancestors: readonly number[],
  descendants: readonly number[],
): Promise<{ ancestor_id: number; descendant_id: number }[]> {
  return queryRows(
    db,
    sql`select ancestor_id, descendant_id from agent_closure
        where ancestor_id = any(${intArray(ancestors)})
          and descendant_id = any(${intArray(descendants)})`,
  );
}

export async function selectLiveSessions(
  db: Executor,
  sessionIds: readonly number[],
  at: Date,
): Promise<Set<number>> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from sessions
        where id = any(${bigintArray(sessionIds)}) and revoked_at is null
          and idle_expires_at > ${at} and absolute_expires_at > ${at}`,
  );
  return new Set(rows.map((r) => Number(r.id)));
}

export async function insertTicket(
  db: Executor,
  row: typeof streamTickets.$inferInsert,
): Promise<void> {
  await db.transaction(async (tx) => {
    // Tickets live a minute; the hour of grace keeps the table small without racing a consumer.
    await tx.execute(sql`delete from stream_tickets where expires_at < now() - interval '1 hour'`);
    await tx.insert(streamTickets).values(row);
  });
}

export interface TicketHolder {
  session_id: number;
  site_id: number;
  agent_id: number;
}

/** Uses the ticket up and returns whom it was issued to, if it was unused, unexpired and its session lives. */
export async function consumeTicket(
  db: Executor,
  ticketHash: string,
  at: Date,
): Promise<TicketHolder | null> {
  const [row] = await queryRows<TicketHolder>(
    db,
    sql`with used as (
          update stream_tickets set used_at = ${at}
          where ticket_hash = ${ticketHash} and used_at is null and expires_at > ${at}
          returning session_id, site_id, agent_id)
        select u.session_id, u.site_id, u.agent_id from used u
        join sessions s on s.id = u.session_id
        where s.revoked_at is null and s.idle_expires_at > ${at} and s.absolute_expires_at > ${at}`,
  );
  return row ? { ...row, session_id: Number(row.session_id) } : null;
}

/** A player a platform event touched: by the wager it named, or by login. */
export interface FeedPlayerRef {
  siteId: number;
  wagerId: number | null;
  login: string | null;
}

export interface FeedPlayerRow {
  /** The ref's place in the list asked for. */
  idx: number;
  player_id: number;
  login: string;
  agent_id: number;
  /** Every agent above the player, its own agent included (the closure's depth 0). */
  agents: number[];
}

/** The players of `refs` (one statement for many), each with the agents above it. */
export async function selectFeedPlayers(
  db: Executor,
  refs: readonly FeedPlayerRef[],
): Promise<FeedPlayerRow[]> {
  if (refs.length === 0) return [];
  const rows = refs.map((r, idx) => ({
    idx,
    site_id: r.siteId,
    wager_id: r.wagerId,
    login: r.login,
  }));
  return queryRows(
    db,
    sql`select r.idx, p.id as player_id, p.login, p.agent_id,
          array(select c.ancestor_id from agent_closure c where c.descendant_id = p.agent_id) as agents
        from json_to_recordset(${JSON.stringify(rows)}::json)
          as r(idx int, site_id int, wager_id int, login text)
        cross join lateral (
          select p.id, p.login, p.agent_id from players p
          where p.site_id = r.site_id
            and p.id = (select w.player_id from wagers w where w.id = r.wager_id and w.site_id = r.site_id)
          union all
          select p.id, p.login, p.agent_id from players p
          where r.wager_id is null and p.site_id = r.site_id and lower(p.login) = lower(r.login)
        ) p`,
  );
}

/** NOTIFY each payload on `channel`, in one statement (its own transaction, so sent at once). */
export async function notifyChannel(
  db: Executor,
  channel: string,
  payloads: readonly string[],
): Promise<void> {
  await db.execute(
    sql`select pg_notify(${channel}, p) from json_array_elements_text(${JSON.stringify(payloads)}::json) as p`,
  );
}
