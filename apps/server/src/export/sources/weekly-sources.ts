// The weekly balance, flat and grouped by agent: one row per player, a column per day.
import { addDays, type NewWeeklyBalancePlayer, type WeeklyBalanceRow } from '@backline/contract';
import { LOCALES } from '../export-labels.ts';
import type { Column, ExportTable } from '../export-table.ts';
import { agentSubject, describeFilters, type SourceContext } from '../export-context.ts';
import { money, playerColumns, text, whole, yesNo } from '../export-columns.ts';
import type { Filters } from './source-types.ts';

/** Monday..Sunday, headed with the weekday and the date ("Mon 11/16"). */
function dayColumns<T extends { Days: number[] }>(ctx: SourceContext, monday: string): Column<T>[] {
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

export async function weeklyBalanceTable(
  ctx: SourceContext,
  filters: Filters<'weeklyBalance'>,
): Promise<ExportTable<WeeklyBalanceRow>> {
  // The whole week whatever page the screen shows: no page size means every row at once.
  const wholeWeek = { ...filters, page: 1, pageSize: undefined };
  const report = await ctx.deps.weekly.weeklyBalance(ctx.auth, wholeWeek);
  const l = ctx.labels.columns;
  return {
    title: ctx.labels.reports.weeklyBalance,
    fileStem: 'weekly-balance',
    subject: await agentSubject(ctx, report.IdAgent),
    period: { start: report.StartDate, end: report.EndDate },
    filters: await describeFilters(ctx, filters),
    columns: [
      ...playerColumns<WeeklyBalanceRow>(ctx.labels),
      money(l.carry, (r) => r.Carry),
      ...dayColumns<WeeklyBalanceRow>(ctx, report.StartDate),
      money(l.week, (r) => r.WeekTotal),
      money(l.payments, (r) => r.Payments),
      money(l.adjustments, (r) => r.Adjustments),
      money(l.ending, (r) => r.Ending),
    ],
    currencyOf: (r) => r.Currency,
    chunks: whole(report.Rows),
  };
}

export async function newWeeklyBalanceTable(
  ctx: SourceContext,
  filters: Filters<'newWeeklyBalance'>,
): Promise<ExportTable<NewWeeklyBalancePlayer>> {
  const report = await ctx.deps.newWeekly.newWeeklyBalance(ctx.auth, filters);
  const l = ctx.labels.columns;
  return {
    title: ctx.labels.reports.newWeeklyBalance,
    fileStem: 'weekly-balance-by-agent',
    subject: await agentSubject(ctx, report.IdAgent),
    period: { start: report.StartDate, end: report.EndDate },
    filters: await describeFilters(ctx, filters),
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
    currencyOf: (r) => r.Currency,
    chunks: whole(report.Blocks.flatMap((b) => b.Players)),
  };
}
