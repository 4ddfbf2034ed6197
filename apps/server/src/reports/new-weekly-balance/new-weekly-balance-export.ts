// The weekly balance by agent as a file: the players of every block, split by product.
import type { NewWeeklyBalancePlayer } from '@backline/contract';
import { agentTitle } from '../../export/export-context.ts';
import { prepare, type TableSource } from '../../export/export-source.ts';
import { money, ownCurrencyRows, playerColumns, text, yesNo } from '../../export/export-columns.ts';
import { dayColumns } from '../weekly-balance/weekly-balance-export.ts';
import type { NewWeeklyBalanceService } from './new-weekly-balance-service.ts';

export const newWeeklyBalanceTable: TableSource<
  NewWeeklyBalanceService,
  'newWeeklyBalance'
> = async (service, ctx, filters) => {
  const report = await service.newWeeklyBalance(ctx.auth, filters);
  const l = ctx.labels.columns;
  return prepare<NewWeeklyBalancePlayer>({
    ...(await agentTitle(
      ctx,
      'newWeeklyBalance',
      'weekly-balance-by-agent',
      { ...filters, idAgent: report.IdAgent },
      report,
    )),
    columns: [
      ...playerColumns<NewWeeklyBalancePlayer>(ctx.labels),
      text(l.active, (r) => yesNo(ctx.labels, r.Active)),
      money(l.carry, (r) => r.Carry),
      ...dayColumns<NewWeeklyBalancePlayer>(ctx, report.StartDate),
      money(l.week, (r) => r.WeekTotal),
      money(l.sports, (r) => r.Products.Sports),
      money(l.casino, (r) => r.Products.Casino),
      money(l.horses, (r) => r.Products.Horses),
      money(l.rbl, (r) => r.Products.Rbl),
      money(l.payments, (r) => r.Payments),
      money(l.adjustments, (r) => r.Adjustments),
      money(l.ending, (r) => r.Ending),
    ],
    ...ownCurrencyRows(report.Blocks.flatMap((b) => b.Players)),
  });
};
