// The wager center's lists as files: open and graded read whole through a cursor, and changed.
import { EXPORT_MAX_ROWS, shownResult, type ChangedBet, type Wager } from '@backline/contract';
import { labelOf } from '../../export/export-labels.ts';
import type { Column } from '../../export/export-table.ts';
import { agentTitle, type SourceContext } from '../../export/export-context.ts';
import { agentReportFile, prepare, type TableSource } from '../../export/export-source.ts';
import { instant, money, playerColumns, text, yesNo } from '../../export/export-columns.ts';
import type { WagersService } from './wagers-service.ts';

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

/** A list of wagers read from the cursor, each in its own currency. */
function wagerLines(ctx: SourceContext, graded: boolean, chunks: AsyncIterable<Wager[]>) {
  return { columns: wagerColumns(ctx, graded), currencyOf: (r: Wager) => r.Currency, chunks };
}

export const openBetsTable: TableSource<WagersService, 'openBets'> = async (
  service,
  ctx,
  filters,
) =>
  prepare<Wager>({
    ...(await agentTitle(ctx, 'openBets', 'open-wagers', filters, null)),
    ...wagerLines(ctx, false, service.openBetsChunks(ctx.auth, filters, READ)),
  });

export const gradedBetsTable: TableSource<WagersService, 'gradedBets'> = async (
  service,
  ctx,
  filters,
) =>
  prepare<Wager>({
    ...(await agentTitle(ctx, 'gradedBets', 'graded-wagers', filters, {
      StartDate: filters.startDate,
      EndDate: filters.endDate,
    })),
    ...wagerLines(ctx, true, service.gradedBetsChunks(ctx.auth, filters, READ)),
  });

export const changedBetsTable: TableSource<WagersService, 'changedBets'> = agentReportFile(
  'changedBets',
  'changed-wagers',
  {
    read: (service, auth, filters) => service.changedBets(auth, filters),
    rows: (answer) => answer.Rows,
    columns: (l, { labels }): Column<ChangedBet>[] => {
      const result = (v: string) => labelOf(labels.betResults, v);
      return [
        instant(l.changedAt, (r) => r.ChangedAt),
        text(l.ticket, (r) => r.Ticket),
        ...playerColumns<ChangedBet>(labels),
        text(l.status, (r) => labelOf(labels.changeStatuses, r.Status)),
        text(l.changedBy, (r) => r.ChangedBy),
        text(l.reason, (r) => r.Reason),
        text(l.resultBefore, (r) => result(r.Before.Result)),
        text(l.resultAfter, (r) => result(r.After.Result)),
        money(l.amountBefore, (r) => r.Before.Amount, false),
        money(l.amountAfter, (r) => r.After.Amount, false),
        money(l.balanceMoved, (r) => r.Amount),
      ];
    },
  },
);
