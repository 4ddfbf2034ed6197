import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/query.ts';

export interface PlayerPaymentDbRow {
  id: number;
  created_at: string;
  day: string;
  amount: number;
  method: string;
  note: string;
  created_by: string;
  balance_after: number;
  player_id: number;
  login: string;
  name: string;
  agent_id: number;
  agent: string;
  currency: string;
}

const ISO = sql.raw(`'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`);

/** Player payments under an agent, or one ledger entry by id (for the answer to a posting). */
export function selectPlayerPayments(
  db: Executor,
  q: {
    agentId: number;
    start?: string;
    end?: string;
    playerId?: number | undefined;
    ledgerId?: number;
  },
): Promise<PlayerPaymentDbRow[]> {
  return queryRows<PlayerPaymentDbRow>(
    db,
    sql`select l.id, to_char(l.created_at at time zone 'UTC', ${ISO}) as created_at,
          to_char(l.day, 'YYYY-MM-DD') as day, l.amount, coalesce(pp.method, 'other') as method,
          coalesce(pp.note, '') as note, l.created_by, l.balance_after,
          p.id as player_id, p.login, p.name, p.agent_id, a.login as agent, p.currency
        from agent_closure c
        join players p on p.agent_id = c.descendant_id
        join agents a on a.id = p.agent_id
        join ledger l on l.player_id = p.id and l.type = 1
        left join player_payments pp on pp.ledger_id = l.id
        where c.ancestor_id = ${q.agentId}
          ${q.start && q.end ? sql`and l.day between ${q.start}::date and ${q.end}::date` : sql``}
          ${q.playerId !== undefined ? sql`and p.id = ${q.playerId}` : sql``}
          ${q.ledgerId !== undefined ? sql`and l.id = ${q.ledgerId}` : sql``}
        order by l.created_at desc, l.id desc`,
  );
}

export interface AgentPaymentDbRow {
  id: number;
  created_at: string;
  day: string;
  agent_id: number;
  agent: string;
  master_id: number;
  master: string;
  amount: number;
  currency: string;
  method: string;
  note: string;
  entered_by: string;
}

/** Settlements of `agentId` itself (`scope: 'self'`) or of every agent strictly below it. */
export function selectAgentPayments(
  db: Executor,
  q: { agentId: number; scope: 'self' | 'below'; start?: string; end?: string; paymentId?: number },
): Promise<AgentPaymentDbRow[]> {
  const who =
    q.scope === 'self'
      ? sql`ap.agent_id = ${q.agentId}`
      : sql`ap.agent_id in (select descendant_id from agent_closure where ancestor_id = ${q.agentId} and depth > 0)`;
  return queryRows<AgentPaymentDbRow>(
    db,
    sql`select ap.id, to_char(ap.created_at at time zone 'UTC', ${ISO}) as created_at,
          to_char(ap.day, 'YYYY-MM-DD') as day, ap.agent_id, a.login as agent, ap.master_id,
          m.login as master, ap.amount, ap.currency, ap.method, ap.note, ap.entered_by
        from agent_payments ap
        join agents a on a.id = ap.agent_id
        join agents m on m.id = ap.master_id
        where ${who}
          ${q.start && q.end ? sql`and ap.day between ${q.start}::date and ${q.end}::date` : sql``}
          ${q.paymentId !== undefined ? sql`and ap.id = ${q.paymentId}` : sql``}
        order by ap.created_at desc, ap.id desc`,
  );
}
