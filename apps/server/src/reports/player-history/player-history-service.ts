// A player's ledger for a period: opening balance, each entry with the balance after it, closing balance.
import {
  addDays,
  sumMoney,
  type PlayerHistoryResponse,
  type api,
  type ParsedBodyOf,
} from '@backline/contract';
import type { AgentAuth } from '../../auth/auth-context.ts';
import { playerInScope } from '../../agents/scope.ts';
import { resolvePeriod } from '../period.ts';
import { balanceAtEndOf, selectHistory } from './player-history-repository.ts';
import { scopedPlayerRef } from '../player-ref.ts';
import { ledgerLine } from '../ledger-line.ts';
import type { ReportDeps } from '../report-module.ts';

export function createPlayerHistoryService({ db, now }: Pick<ReportDeps, 'db' | 'now'>) {
  async function playerHistory(
    auth: AgentAuth,
    req: ParsedBodyOf<typeof api.getPlayerHistoryReport>,
  ): Promise<PlayerHistoryResponse> {
    const player = await playerInScope(db, auth, req.idPlayer);
    const range = resolvePeriod(auth.timeZone, req, now());
    const type =
      req.transactionType === undefined || req.transactionType === -1
        ? undefined
        : req.transactionType;
    const [entries, opening, closing] = await Promise.all([
      selectHistory(db, { playerId: player.id, start: range.StartDate, end: range.EndDate, type }),
      balanceAtEndOf(db, player.id, addDays(range.StartDate, -1)),
      balanceAtEndOf(db, player.id, range.EndDate),
    ]);
    const rows = entries.map((e) => ({
      ...ledgerLine(e),
      Date: e.day,
      FreePlayAfter: e.free_play_after,
      CreatedBy: e.created_by,
    }));
    const totals = [...Map.groupBy(rows, (r) => r.Type)]
      .sort(([a], [b]) => a - b)
      .map(([t, list]) => ({
        Type: t,
        Count: list.length,
        Amount: sumMoney(list, (r) => r.Amount),
      }));
    return {
      ...range,
      Player: scopedPlayerRef(player),
      OpeningBalance: opening,
      ClosingBalance: closing,
      Rows: rows,
      Totals: totals,
    };
  }
  return { playerHistory };
}

export type PlayerHistoryService = ReturnType<typeof createPlayerHistoryService>;
