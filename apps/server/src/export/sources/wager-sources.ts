// The wager center's lists, read whole through a cursor; beat the line and action by player.
import {
  EXPORT_MAX_ROWS,
  WAGER_TYPES,
  shownResult,
  type ActionByPlayerRow,
  type BeatTheLinePlayer,
  type ChangedBet,
  type Wager,
} from '@backline/contract';
import { fill, labelOf } from '../export-labels.ts';
import type { Column, ExportTable } from '../export-table.ts';
import { agentSubject, describeFilters, type SourceContext } from '../export-context.ts';
import {
  count,
  decimal,
  instant,
  money,
  playerColumns,
  share,
  text,
  whole,
  yesNo,
} from '../export-columns.ts';
import type { Filters } from './source-types.ts';

/** Wagers read from the cursor at a time: small enough for flat memory, large for few round trips. */
export const WAGER_CHUNK = 2000;

/** Read from the cursor a chunk at a time; a longer list is refused before its first row. */
const READ = { chunkSize: WAGER_CHUNK, maxRows: EXPORT_MAX_ROWS };

function wagerColumns(ctx: SourceContext, graded: boolean): Column<Wager>[] {
  const l = ctx.labels.columns;
  return [
    text(l.ticket, (r) => r.Ticket),
    instant(l.placedAt, (r) => r.PlacedAt),
    ...(graded ? [instant<Wager>(l.gradedAt, (r) => r.GradedAt)] : []),
    ...playerColumns<Wager>(ctx.labels),
    text(l.wagerType, (r) => labelOf(ctx.labels.wagerTypes, r.WagerType)),
    text(l.sport, (r) => labelOf(ctx.labels.sports, r.Sport)),
    text(l.description, (r) => r.Description),
    ...(graded
      ? [text<Wager>(l.result, (r) => labelOf(ctx.labels.betResults, shownResult(r)))]
      : []),
    text(l.freePlay, (r) => yesNo(ctx.labels, r.FreePlay)),
    money(l.risk, (r) => r.Risk),
    money(l.toWin, (r) => r.ToWin),
    ...(graded ? [money<Wager>(l.resultAmount, (r) => r.Amount)] : []),
  ];
}

export async function openBetsTable(
  ctx: SourceContext,
  filters: Filters<'openBets'>,
): Promise<ExportTable<Wager>> {
  return {
    title: ctx.labels.reports.openBets,
    fileStem: 'open-wagers',
    subject: await agentSubject(ctx, filters.idAgent),
    period: null,
    filters: await describeFilters(ctx, filters),
    columns: wagerColumns(ctx, false),
    currencyOf: (r) => r.Currency,
    chunks: ctx.deps.wagers.openBetsChunks(ctx.auth, filters, READ),
  };
}

export async function gradedBetsTable(
  ctx: SourceContext,
  filters: Filters<'gradedBets'>,
): Promise<ExportTable<Wager>> {
  return {
    title: ctx.labels.reports.gradedBets,
    fileStem: 'graded-wagers',
    subject: await agentSubject(ctx, filters.idAgent),
    period: { start: filters.startDate, end: filters.endDate },
    filters: await describeFilters(ctx, filters),
    columns: wagerColumns(ctx, true),
    currencyOf: (r) => r.Currency,
    chunks: ctx.deps.wagers.gradedBetsChunks(ctx.auth, filters, READ),
  };
}

export async function changedBetsTable(
  ctx: SourceContext,
  filters: Filters<'changedBets'>,
): Promise<ExportTable<ChangedBet>> {
  const report = await ctx.deps.wagers.changedBets(ctx.auth, filters);
  const l = ctx.labels.columns;
  const result = (v: string) => labelOf(ctx.labels.betResults, v);
  return {
    title: ctx.labels.reports.changedBets,
    fileStem: 'changed-wagers',
    subject: await agentSubject(ctx, filters.idAgent),
    period: { start: report.StartDate, end: report.EndDate },
    filters: await describeFilters(ctx, filters),
    columns: [
      instant(l.changedAt, (r) => r.ChangedAt),
      text(l.ticket, (r) => r.Ticket),
      ...playerColumns<ChangedBet>(ctx.labels),
      text(l.status, (r) => labelOf(ctx.labels.changeStatuses, r.Status)),
      text(l.changedBy, (r) => r.ChangedBy),
      text(l.reason, (r) => r.Reason),
      text(l.resultBefore, (r) => result(r.Before.Result)),
      text(l.resultAfter, (r) => result(r.After.Result)),
      money(l.amountBefore, (r) => r.Before.Amount, false),
      money(l.amountAfter, (r) => r.After.Amount, false),
      money(l.balanceMoved, (r) => r.Amount),
    ],
    currencyOf: (r) => r.Currency,
    chunks: whole(report.Rows),
  };
}

export async function beatTheLineTable(
  ctx: SourceContext,
  filters: Filters<'beatTheLine'>,
): Promise<ExportTable<BeatTheLinePlayer>> {
  const report = await ctx.deps.beatTheLine.beatTheLine(ctx.auth, filters);
  const l = ctx.labels.columns;
  return {
    title: ctx.labels.reports.beatTheLine,
    fileStem: 'beat-the-line',
    subject: await agentSubject(ctx, filters.idAgent),
    period: { start: report.StartDate, end: report.EndDate },
    filters: await describeFilters(ctx, filters),
    columns: [
      ...playerColumns<BeatTheLinePlayer>(ctx.labels),
      count(l.legs, (r) => r.Legs),
      count(l.beat, (r) => r.Beat),
      share(l.beatRate, (r) => r.BeatRate),
      decimal(l.clvPoints, 2, (r) => r.AvgClvPoints),
      decimal(l.clvCents, 1, (r) => r.AvgClvCents),
      money(l.risk, (r) => r.Risk),
    ],
    currencyOf: (r) => r.Currency,
    chunks: whole(report.Players),
  };
}

export async function actionByPlayerTable(
  ctx: SourceContext,
  filters: Filters<'actionByPlayer'>,
): Promise<ExportTable<ActionByPlayerRow>> {
  const report = await ctx.deps.actionByPlayer.actionByPlayer(ctx.auth, filters);
  const l = ctx.labels;
  // A pair of columns per wager type with action, in the book's order, as on screen.
  const seen = new Set(report.Rows.flatMap((r) => Object.keys(r.ByType)));
  const types = [
    ...WAGER_TYPES.filter((t) => seen.has(t)),
    ...[...seen].filter((t) => !(WAGER_TYPES as readonly string[]).includes(t)).sort(),
  ];
  return {
    title: l.reports.actionByPlayer,
    fileStem: 'action-by-player',
    subject: await agentSubject(ctx, filters.idAgent),
    period: { start: report.StartDate, end: report.EndDate },
    filters: await describeFilters(ctx, filters),
    columns: [
      ...playerColumns<ActionByPlayerRow>(l),
      ...types.flatMap((type) => {
        const name = labelOf(l.wagerTypes, type);
        return [
          count<ActionByPlayerRow>(
            fill(l.byType.count, { type: name }),
            (r) => r.ByType[type]?.Count ?? 0,
          ),
          money<ActionByPlayerRow>(
            fill(l.byType.volume, { type: name }),
            (r) => r.ByType[type]?.Volume ?? 0,
          ),
        ];
      }),
      count(l.columns.wagers, (r) => r.Count),
      money(l.columns.volume, (r) => r.Volume),
    ],
    currencyOf: (r) => r.Currency,
    chunks: whole(report.Rows),
  };
}
