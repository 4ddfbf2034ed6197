// SQL of limit requests: filed, replaced, decided, listed by who decides them or whose players they
// are for, and the notification that tells the agent concerned.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/query.ts';

export interface LimitRequestDbRow {
  id: number;
  player_id: number;
  player: string;
  player_name: string;
  agent: string;
  currency: string;
  status: string;
  asked: Record<string, unknown> | string;
  before: Record<string, unknown> | string;
  passed: unknown[] | string;
  approver_id: number;
  approver: string;
  requested_by: string;
  requested_by_id: number;
  reason: string;
  created_at: Date | string;
  decided_by: string | null;
  decided_at: Date | string | null;
  note: string | null;
  /** The approver lies in the subtree of the agent asking (itself included). */
  decidable: boolean;
}

/** A request as the screens show it; `viewer`'s subtree tells whether it may decide it. */
function selectRequests(viewer: number, where: SQL, tail: SQL = sql``): SQL {
  return sql`select r.id, r.player_id, p.login as player, p.name as player_name,
      pa.login as agent, p.currency, r.status, r.asked, r.before, r.passed, r.approver_id,
      ap.login as approver, rb.login as requested_by, r.requested_by as requested_by_id, r.reason, r.created_at,
      db.login as decided_by, r.decided_at, r.note,
      exists (select 1 from agent_closure c
              where c.ancestor_id = ${viewer} and c.descendant_id = r.approver_id) as decidable
    from limit_requests r
      join players p on p.id = r.player_id
      join agents pa on pa.id = p.agent_id
      join agents ap on ap.id = r.approver_id
      join agents rb on rb.id = r.requested_by
      left join agents db on db.id = r.decided_by
    where ${where} ${tail}`;
}

export async function selectRequest(
  db: Executor,
  q: { siteId: number; id: number; viewer: number },
  lock = false,
): Promise<LimitRequestDbRow | undefined> {
  const [row] = await queryRows<LimitRequestDbRow>(
    db,
    selectRequests(
      q.viewer,
      sql`r.id = ${q.id} and r.site_id = ${q.siteId}`,
      lock ? sql`for update of r` : sql``,
    ),
  );
  return row;
}

export interface RequestsQuery {
  siteId: number;
  viewer: number;
  box: 'toDecide' | 'filed';
  pending: boolean;
  playerId?: number | undefined;
}

function whereOf(q: RequestsQuery): SQL {
  // To decide: addressed to an agent of the viewer's subtree. Filed: for a player of it.
  const reach =
    q.box === 'toDecide'
      ? sql`exists (select 1 from agent_closure c
               where c.ancestor_id = ${q.viewer} and c.descendant_id = r.approver_id)`
      : sql`exists (select 1 from agent_closure c
               where c.ancestor_id = ${q.viewer} and c.descendant_id = p.agent_id)`;
  return sql`r.site_id = ${q.siteId} and ${reach}
    and r.status ${q.pending ? sql`= 'pending'` : sql`<> 'pending'`}
    ${q.playerId === undefined ? sql`` : sql`and r.player_id = ${q.playerId}`}`;
}

export function selectRequestsPage(
  db: Executor,
  q: RequestsQuery,
  page: { limit: number; offset: number },
): Promise<LimitRequestDbRow[]> {
  return queryRows<LimitRequestDbRow>(
    db,
    selectRequests(
      q.viewer,
      whereOf(q),
      sql`order by coalesce(r.decided_at, r.created_at) desc, r.id desc
        limit ${page.limit} offset ${page.offset}`,
    ),
  );
}

export async function countRequests(db: Executor, q: RequestsQuery): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from limit_requests r join players p on p.id = r.player_id
        where ${whereOf(q)}`,
  );
  return Number(row?.n ?? 0);
}

/** The player's pending request, if any: what its limits page says is awaited. */
export async function selectPending(
  db: Executor,
  playerId: number,
): Promise<{ id: number; approver: string; created_at: Date | string } | undefined> {
  const [row] = await queryRows<{ id: number; approver: string; created_at: Date | string }>(
    db,
    sql`select r.id, a.login as approver, r.created_at
        from limit_requests r join agents a on a.id = r.approver_id
        where r.player_id = ${playerId} and r.status = 'pending'`,
  );
  return row;
}

/** Marks the player's pending request replaced by a new one; answers its id, if there was one. */
export async function replacePending(
  db: Executor,
  q: { playerId: number; by: number; at: Date },
): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`update limit_requests set status = 'replaced', decided_by = ${q.by}, decided_at = ${q.at}
        where player_id = ${q.playerId} and status = 'pending'
        returning id`,
  );
  return row?.id ?? null;
}

export async function insertRequest(
  db: Executor,
  r: {
    siteId: number;
    playerId: number;
    approverId: number;
    requestedBy: number;
    asked: object;
    before: object;
    passed: object[];
    reason: string;
    at: Date;
  },
): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into limit_requests (site_id, player_id, approver_id, requested_by, asked, before,
          passed, reason, created_at)
        values (${r.siteId}, ${r.playerId}, ${r.approverId}, ${r.requestedBy},
          ${JSON.stringify(r.asked)}::jsonb, ${JSON.stringify(r.before)}::jsonb,
          ${JSON.stringify(r.passed)}::jsonb, ${r.reason}, ${r.at})
        returning id`,
  );
  return row!.id;
}

export async function decideRequest(
  db: Executor,
  q: { id: number; status: 'approved' | 'refused'; by: number; at: Date; note: string | null },
): Promise<void> {
  await db.execute(
    sql`update limit_requests set status = ${q.status}, decided_by = ${q.by},
          decided_at = ${q.at}, note = ${q.note}
        where id = ${q.id}`,
  );
}

/** The agent a notification about a request goes to, in its own language. */
export async function selectAgentLanguage(db: Executor, agentId: number): Promise<string> {
  const [row] = await queryRows<{ language: string }>(
    db,
    sql`select language from agents where id = ${agentId}`,
  );
  return row?.language ?? 'en';
}

/** A notification to one agent, sent by another; the live stream picks it up from the table. */
export async function insertNotice(
  db: Executor,
  n: { siteId: number; agentId: number; from: number; title: string; body: string },
): Promise<void> {
  // Stamped by the database like every notification: the live stream looks back by its time.
  await db.execute(
    sql`insert into notifications (site_id, agent_id, include_subtree, created_by, title, body)
        values (${n.siteId}, ${n.agentId}, false, ${n.from}, ${n.title}, ${n.body})`,
  );
}
