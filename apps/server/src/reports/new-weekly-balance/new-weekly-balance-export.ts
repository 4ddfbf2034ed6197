// The weekly balance by agent as a file: the players of every block, split by product.
import type { NewWeeklyBalancePlayer } from '@backline/contract';
import type { Column } from '../../export/export-table.ts';
import { agentReportFile, type TableSource } from '../../export/export-source.ts';
import { money, playerColumns, text, yesNo } from '../../export/export-columns.ts';
import { dayColumns } from '../weekly-balance/weekly-balance-export.ts';
import type { NewWeeklyBalanceService } from './new-weekly-balance-service.ts';

export const newWeeklyBalanceTable: TableSource<NewWeeklyBalanceService, 'newWeeklyBalance'> =
  agentReportFile('newWeeklyBalance', 'weekly-balance-by-agent', {
    read: (service, auth, filters) => service.newWeeklyBalance(auth, filters),
    agent: (answer) => answer.IdAgent,
    rows: (answer) => answer.Blocks.flatMap((b) => b.Players),
    columns: (l, ctx, answer): Column<NewWeeklyBalancePlayer>[] => [
      ...playerColumns<NewWeeklyBalancePlayer>(ctx.labels),
      text(l.active, (r) => yesNo(ctx.labels, r.Active)),
      money(l.carry, (r) => r.Carry),
      ...dayColumns<NewWeeklyBalancePlayer>(ctx, answer.StartDate),
      money(l.week, (r) => r.WeekTotal),
      money(l.sports, (r) => r.Products.Sports),
      money(l.casino, (r) => r.Products.Casino),
      money(l.horses, (r) => r.Products.Horses),
      money(l.rbl, (r) => r.Products.Rbl),
      money(l.payments, (r) => r.Payments),
      money(l.adjustments, (r) => r.Adjustments),
      money(l.ending, (r) => r.Ending),
    ],
  });
