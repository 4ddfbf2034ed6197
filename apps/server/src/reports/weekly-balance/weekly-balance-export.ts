// The weekly balance as a file: one row per player, a column per day.
import { addDays, type WeeklyBalanceRow } from '@backline/contract';
import { LOCALES } from '../../export/export-labels.ts';
import type { Column } from '../../export/export-table.ts';
import { agentTitle, type SourceContext } from '../../export/export-context.ts';
import { prepare, type TableSource } from '../../export/export-source.ts';
import { money, ownCurrencyRows, playerColumns } from '../../export/export-columns.ts';
import type { WeeklyBalanceService } from './weekly-balance-service.ts';

/** Monday..Sunday, headed with the weekday and the date ("Mon 11/16"). */
export function dayColumns<T extends { Days: number[] }>(
  ctx: SourceContext,
  monday: string,
): Column<T>[] {
  const date = new Intl.DateTimeFormat(LOCALES[ctx.language], {
    month: 'numeric',
    day: 'numeric',
    timeZone: 'UTC',
  });
  return ctx.labels.days.map((name, i) =>
    money(
      `${name} ${date.format(new Date(`${addDays(monday, i)}T00:00:00Z`))}`,
      (r: T) => r.Days[i]!,
    ),
  );
}

export const weeklyBalanceTable: TableSource<WeeklyBalanceService, 'weeklyBalance'> = async (
  service,
  ctx,
  filters,
) => {
  // The whole week whatever page the screen shows: no page size means every row at once.
  const wholeWeek = { ...filters, page: 1, pageSize: undefined };
  const report = await service.weeklyBalance(ctx.auth, wholeWeek);
  const l = ctx.labels.columns;
  return prepare<WeeklyBalanceRow>({
    ...(await agentTitle(
      ctx,
      'weeklyBalance',
      'weekly-balance',
      { ...filters, idAgent: report.IdAgent },
      report,
    )),
    columns: [
      ...playerColumns<WeeklyBalanceRow>(ctx.labels),
      money(l.carry, (r) => r.Carry),
      ...dayColumns<WeeklyBalanceRow>(ctx, report.StartDate),
      money(l.week, (r) => r.WeekTotal),
      money(l.payments, (r) => r.Payments),
      money(l.adjustments, (r) => r.Adjustments),
      money(l.ending, (r) => r.Ending),
    ],
    ...ownCurrencyRows(report.Rows),
  });
};
