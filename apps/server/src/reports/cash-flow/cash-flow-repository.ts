import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/query.ts';

/** A cash flow line's key: one day, agent and currency. */
export interface FlowKey {
  day: string;
  agent_id: number;
  agent: string;
  currency: string;
}

/** The subtree of `agentId` over the days `start`..`end`. */
export interface FlowRange {
  agentId: number;
  start: string;
  end: string;
}

export interface CashFlowDbRow extends FlowKey {
  receipts: number;
  disbursements: number;
}

/** Player payments per day and agent from the daily rollup (disbursements are a negative sum). */
export function selectCashFlow(db: Executor, q: FlowRange): Promise<CashFlowDbRow[]> {
  return queryRows<CashFlowDbRow>(
    db,
    sql`select to_char(pd.day, 'YYYY-MM-DD') as day, pd.agent_id, a.login as agent, p.currency,
          sum(pd.receipts)::bigint as receipts, sum(pd.disbursements)::bigint as disbursements
        from agent_closure c
        join player_daily pd on pd.agent_id = c.descendant_id
          and pd.day between ${q.start}::date and ${q.end}::date
        join players p on p.id = pd.player_id
        join agents a on a.id = pd.agent_id
        where c.ancestor_id = ${q.agentId} and (pd.receipts <> 0 or pd.disbursements <> 0)
        group by pd.day, pd.agent_id, a.login, p.currency
        order by pd.day, a.login, p.currency`,
  );
}

export interface SettlementFlowDbRow extends FlowKey {
  received: number;
  paid: number;
}

/**
 * Agent settlements (agent payments) per day and agent of the subtree, each seen from both of its
 * sides: the agent that paid and the one that was paid, whichever of them is in the subtree. A
 * settlement between two agents of the subtree is money in for one and out for the other; only
 * one with the master above the subtree's root moves money across its edge.
 */
export function selectSettlementFlow(db: Executor, q: FlowRange): Promise<SettlementFlowDbRow[]> {
  return queryRows<SettlementFlowDbRow>(
    db,
    sql`select to_char(ap.day, 'YYYY-MM-DD') as day, s.agent_id, a.login as agent, ap.currency,
          sum(s.received)::bigint as received, sum(s.paid)::bigint as paid
        from agent_payments ap
        cross join lateral (values
          (ap.agent_id, greatest(-ap.amount, 0), greatest(ap.amount, 0)),
          (ap.master_id, greatest(ap.amount, 0), greatest(-ap.amount, 0))
        ) as s(agent_id, received, paid)
        join agent_closure c on c.descendant_id = s.agent_id and c.ancestor_id = ${q.agentId}
        join agents a on a.id = s.agent_id
        where ap.day between ${q.start}::date and ${q.end}::date
        group by ap.day, s.agent_id, a.login, ap.currency
        order by ap.day, a.login, ap.currency`,
  );
}
