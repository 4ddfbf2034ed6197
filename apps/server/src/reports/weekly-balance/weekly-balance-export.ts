// The weekly balance as a file: one row per player, a column per day.
import { addDays, type WeeklyBalanceRow } from '@backline/contract';
import { LOCALES } from '../../export/export-labels.ts';
import type { Column } from '../../export/export-table.ts';
import type { SourceContext } from '../../export/export-context.ts';
import { agentReportFile, type TableSource } from '../../export/export-source.ts';
import { money, playerColumns } from '../../export/export-columns.ts';
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

export const weeklyBalanceTable: TableSource<WeeklyBalanceService, 'weeklyBalance'> =
  agentReportFile('weeklyBalance', 'weekly-balance', {
    // The whole week whatever page the screen shows: no page size means every row at once.
    read: (service, auth, filters) =>
      service.weeklyBalance(auth, { ...filters, page: 1, pageSize: undefined }),
    agent: (answer) => answer.IdAgent,
    rows: (answer) => answer.Rows,
    columns: (l, ctx, answer): Column<WeeklyBalanceRow>[] => [
      ...playerColumns<WeeklyBalanceRow>(ctx.labels),
      money(l.carry, (r) => r.Carry),
      ...dayColumns<WeeklyBalanceRow>(ctx, answer.StartDate),
      money(l.week, (r) => r.WeekTotal),
      money(l.payments, (r) => r.Payments),
      money(l.adjustments, (r) => r.Adjustments),
      money(l.ending, (r) => r.Ending),
    ],
  });
