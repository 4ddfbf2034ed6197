// Player history: a player's ledger for a period, with its running balance.
import { z } from 'zod';
import { endpoint, Id, optional, Timestamp } from '../core/endpoint.ts';
import { LedgerType, TransactionTypeFilter } from '../core/enums.ts';
import { Money } from '../core/money.ts';
import { IsoDate } from '../core/periods.ts';
import { LedgerLineDescription } from '../core/ledger-description.ts';
import { Count, orderedDates, PeriodEcho, PeriodFields, PlayerRef } from '../core/common.ts';

export const PlayerHistoryRow = z.object({
  IdTransaction: z.number().int(),
  CreatedAt: Timestamp,
  Date: IsoDate,
  Type: LedgerType,
  Description: z.string(),
  ...LedgerLineDescription,
  Amount: Money,
  /** The player's real balance after the entry: the running balance. */
  BalanceAfter: Money,
  FreePlayAfter: Money,
  IdWager: z.number().int().nullable(),
  CreatedBy: z.string(),
});
export type PlayerHistoryRow = z.infer<typeof PlayerHistoryRow>;

export const PlayerHistoryRequest = orderedDates(
  PeriodFields.extend({ idPlayer: Id, transactionType: optional(TransactionTypeFilter) }),
);

export const PlayerHistoryResponse = PeriodEcho.extend({
  Player: PlayerRef,
  OpeningBalance: Money,
  ClosingBalance: Money,
  Rows: z.array(PlayerHistoryRow),
  /** Sum of the listed rows' amounts, by type. */
  Totals: z.array(z.object({ Type: LedgerType, Count, Amount: Money })),
});
export type PlayerHistoryResponse = z.infer<typeof PlayerHistoryResponse>;

export const getPlayerHistoryReport = endpoint({
  method: 'POST',
  base: 'reports',
  path: 'AgentSiteFrames/GetPlayerHistoryReport',
  summary:
    'A player\u2019s ledger for a period, filtered by transaction type, with running balance.',
  audience: 'agent',
  body: PlayerHistoryRequest,
  response: PlayerHistoryResponse,
});
