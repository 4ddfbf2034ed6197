// A ledger line as a report shows it (a player's history, a day's transactions): the columns the
// query selects and the line as the wire names it.
import { sql } from 'drizzle-orm';
import type { LedgerDescriptionCode, LedgerType } from '@backline/contract';

/** The ledger's columns a report's line is made from, `created_at` as an ISO instant. */
export const LEDGER_LINE_COLUMNS = sql`id,
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at, type,
  description, description_code, description_params, amount, balance_after, wager_id`;

export interface LedgerLineDbRow {
  id: number;
  created_at: string;
  type: number;
  description: string;
  description_code: LedgerDescriptionCode | null;
  description_params: Record<string, string> | null;
  amount: number;
  balance_after: number;
  wager_id: number | null;
}

export function ledgerLine(e: LedgerLineDbRow) {
  return {
    IdTransaction: e.id,
    CreatedAt: e.created_at,
    Type: e.type as LedgerType,
    Description: e.description,
    DescriptionCode: e.description_code,
    DescriptionParams: e.description_params ?? {},
    Amount: e.amount,
    BalanceAfter: e.balance_after,
    IdWager: e.wager_id,
  };
}
