import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';

export interface CashFlowDbRow {
  day: string;
  agent_id: number;
  agent: string;
  currency: string;
  receipts: number;
  disbursements: number;
}

/** Player payments per day and agent from the daily rollup (disbursements are a negative sum). */
export function selectCashFlow(
  db: Executor,
  q: { agentId: number; start: string; end: string },
): Promise<CashFlowDbRow[]> {
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
