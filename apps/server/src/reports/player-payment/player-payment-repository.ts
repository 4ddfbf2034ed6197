// SQL of the player payments: the ledger's payment entries (type 1) with their method and note.
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/query.ts';
import type { PlayerDbColumns } from '../player-ref.ts';

export interface PlayerPaymentDbRow extends PlayerDbColumns {
  id: number;
  created_at: string;
  day: string;
  amount: number;
  method: string;
  note: string;
  created_by: string;
  balance_after: number;
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
