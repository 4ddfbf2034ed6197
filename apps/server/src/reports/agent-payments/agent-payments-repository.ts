// SQL of the agent payments: settlements between an agent and its master.
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/query.ts';

const ISO = sql.raw(`'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`);

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
