// A player's history as a file: the ledger lines of the period with the running balance.
import type { PlayerHistoryRow } from '@backline/contract';
import { ledgerLineText } from '../../export/export-labels.ts';
import { describeFilters, transactionTypeKey } from '../../export/export-context.ts';
import { prepare, type TableSource } from '../../export/export-source.ts';
import {
  decimal,
  enteredBy,
  instant,
  loginAndName,
  money,
  text,
  whole,
} from '../../export/export-columns.ts';
import type { PlayerHistoryService } from './player-history-service.ts';

export const playerHistoryTable: TableSource<PlayerHistoryService, 'playerHistory'> = async (
  service,
  ctx,
  filters,
) => {
  const report = await service.playerHistory(ctx.auth, filters);
  const l = ctx.labels.columns;
  const player = report.Player;
  const typeLabel = (type: number) => {
    const key = transactionTypeKey(type);
    return key ? ctx.labels.transactionTypes[key] : String(type);
  };
  return prepare<PlayerHistoryRow>({
    title: ctx.labels.reports.playerHistory,
    fileStem: 'player-history',
    subject: {
      label: ctx.labels.title.player,
      value: `${loginAndName(player.Player, player.Name)} (${player.Agent}, ${player.Currency})`,
      login: player.Player,
    },
    period: { start: report.StartDate, end: report.EndDate },
    filters: await describeFilters(ctx, { transactionType: filters.transactionType }),
    columns: [
      instant(l.date, (r) => r.CreatedAt),
      text(l.type, (r) => typeLabel(r.Type)),
      text(l.description, (r) => ledgerLineText(ctx.labels, r)),
      money(l.amount, (r) => r.Amount),
      money(l.balanceAfter, (r) => r.BalanceAfter, false),
      money(l.freePlayAfter, (r) => r.FreePlayAfter, false),
      decimal(l.wager, 0, (r) => r.IdWager),
      text(l.enteredBy, (r) => enteredBy(ctx.labels, r.CreatedBy)),
    ],
    currencyOf: () => player.Currency,
    chunks: whole(report.Rows),
  });
};
