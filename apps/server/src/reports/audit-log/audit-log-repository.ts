// SQL of the audit log: a site's rows (a master's) or those whose book agent is in a subtree, newest
// first from an id down, each with the logins of its actor, the agent acted for and its target.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/query.ts';
import { containsPattern } from '../../db/sql-search.ts';
import { textArray } from '../../db/sql-arrays.ts';

export interface AuditLogQuery {
  siteId: number;
  /** The agent whose subtree's rows are read; null: the whole site's (a master's). */
  subtreeOf: number | null;
  timeZone: string;
  /** Days in the site's zone, inclusive. */
  startDate: string;
  endDate: string;
  actions?: { exact: string[]; prefixes: string[] } | undefined;
  actorId?: number | undefined;
  playerId?: number | undefined;
  targetAgentId?: number | undefined;
  search?: string | undefined;
  beforeId?: number | undefined;
  limit: number;
}

export interface AuditLogDbRow {
  id: number;
  at: string;
  actor_kind: string;
  actor_id: number | null;
  actor: string | null;
  acting_for: string | null;
  action: string;
  target_kind: string | null;
  target_id: number | null;
  target: string | null;
  ip: string | null;
  country: string | null;
  device: string | null;
  details: Record<string, unknown>;
}

const ISO = sql.raw(`'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`);

function conditions(q: AuditLogQuery): SQL {
  const parts: SQL[] = [
    sql`l.site_id = ${q.siteId}`,
    sql`l.created_at >= (${q.startDate}::date)::timestamp at time zone ${q.timeZone}`,
    sql`l.created_at < (${q.endDate}::date + 1)::timestamp at time zone ${q.timeZone}`,
  ];
  if (q.subtreeOf !== null) {
    parts.push(sql`l.agent_id in (select descendant_id from agent_closure
                                   where ancestor_id = ${q.subtreeOf})`);
  }
  if (q.actions) {
    parts.push(sql`(l.action = any(${textArray(q.actions.exact)})
      or exists (select 1 from unnest(${textArray(q.actions.prefixes)}) p
                 where starts_with(l.action, p)))`);
  }
  if (q.actorId !== undefined) {
    parts.push(sql`l.actor_kind = 'agent' and l.actor_id = ${q.actorId}`);
  }
  if (q.playerId !== undefined) {
    parts.push(sql`l.target_kind = 'player' and l.target_id = ${q.playerId}`);
  }
  if (q.targetAgentId !== undefined) {
    parts.push(sql`l.target_kind = 'agent' and l.target_id = ${q.targetAgentId}`);
  }
  if (q.search !== undefined) {
    const like = containsPattern(q.search);
    parts.push(sql`(aa.login ilike ${like} or ap.login ilike ${like} or af.login ilike ${like}
      or ta.login ilike ${like} or tp.login ilike ${like} or tw.ticket ilike ${like})`);
  }
  if (q.beforeId !== undefined) parts.push(sql`l.id < ${q.beforeId}`);
  return sql.join(parts, sql` and `);
}

export function selectAuditLog(db: Executor, q: AuditLogQuery): Promise<AuditLogDbRow[]> {
  return queryRows<AuditLogDbRow>(
    db,
    sql`select l.id::int as id, to_char(l.created_at at time zone 'UTC', ${ISO}) as at,
          l.actor_kind, l.actor_id, coalesce(aa.login, ap.login) as actor,
          af.login as acting_for, l.action, l.target_kind, l.target_id::int as target_id,
          coalesce(ta.login, tp.login, tw.ticket) as target, l.ip, l.country, l.device, l.details
        from audit_log l
        left join agents aa on l.actor_kind = 'agent' and aa.id = l.actor_id
        left join players ap on l.actor_kind = 'player' and ap.id = l.actor_id
        left join agents af on af.id = l.acting_for
        left join agents ta on l.target_kind = 'agent' and ta.id = l.target_id
        left join players tp on l.target_kind = 'player' and tp.id = l.target_id
        left join wagers tw on l.target_kind = 'wager' and tw.id = l.target_id
        where ${conditions(q)}
        order by l.id desc
        limit ${q.limit}`,
  );
}

/** Whether an agent is its site's master (the root of the tree). */
export async function isMaster(db: Executor, agentId: number): Promise<boolean> {
  const [row] = await queryRows<{ master: boolean }>(
    db,
    sql`select parent_id is null as master from agents where id = ${agentId}`,
  );
  return row?.master ?? false;
}
