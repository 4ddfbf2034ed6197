// Export of a report: the report's own service makes the rows (same scope, same checks, same
// figures), a description turns them into columns, and a writer streams the file as it is read.
import type { Readable } from 'node:stream';
import {
  EXPORT_MEDIA_TYPES,
  localDate,
  type ExportFormat,
  type ExportReport,
  type ExportRequest,
  type Language,
} from '@backline/contract';
import type { z } from 'zod';
import type { AgentAuth } from '../auth/auth-context.ts';
import { LABELS } from './export-labels.ts';
import type { ExportTable, FileAnswer, FileContext } from './export-table.ts';
import type { ExportDeps, SourceContext } from './export-context.ts';
import { csvFile } from './csv-writer.ts';
import { xlsxFile } from './xlsx-writer.ts';
import type { Filters } from './sources/source-types.ts';
import { newWeeklyBalanceTable, weeklyBalanceTable } from './sources/weekly-sources.ts';
import {
  agentPaymentsTable,
  cashFlowTable,
  playerHistoryTable,
  playerPaymentsTable,
  playerStandingTable,
} from './sources/money-sources.ts';
import {
  actionByPlayerTable,
  beatTheLineTable,
  changedBetsTable,
  gradedBetsTable,
  openBetsTable,
} from './sources/wager-sources.ts';
import { agentTreeTable } from './sources/tree-source.ts';
import type { Log } from '../log.ts';

/** A report ready to write: its first chunk read, so every refusal has already been answered. */
interface Prepared {
  name: (exportedAt: Date, timeZone: string) => string;
  open: (format: ExportFormat, ctx: FileContext, onError: (error: unknown) => void) => Readable;
  /** Lets the report's reading go without writing the file. */
  close: () => Promise<void>;
}

const safe = (part: string) => part.replace(/[^A-Za-z0-9_-]+/g, '-');

async function prepare<T>(table: ExportTable<T>): Promise<Prepared> {
  const rest = table.chunks[Symbol.asyncIterator]();
  const first = await rest.next();
  const rows = first.done ? [] : first.value;
  return {
    name: (exportedAt, timeZone) => {
      const when = table.period
        ? table.period.start === table.period.end
          ? table.period.start
          : `${table.period.start}_${table.period.end}`
        : localDate(exportedAt, timeZone);
      return [table.fileStem, safe(table.subject.login), when].join('_');
    },
    open: (format, ctx, onError) =>
      format === 'xlsx'
        ? xlsxFile(table, ctx, rows, rest, onError)
        : csvFile(table, ctx, rows, rest, onError),
    close: async () => {
      await rest.return?.();
    },
  };
}

type Sources = {
  [R in ExportReport]: (ctx: SourceContext, filters: Filters<R>) => Promise<Prepared>;
};

const SOURCES: Sources = {
  weeklyBalance: (ctx, f) => weeklyBalanceTable(ctx, f).then(prepare),
  newWeeklyBalance: (ctx, f) => newWeeklyBalanceTable(ctx, f).then(prepare),
  playerStanding: (ctx, f) => playerStandingTable(ctx, f).then(prepare),
  playerHistory: (ctx, f) => playerHistoryTable(ctx, f).then(prepare),
  playerPayments: (ctx, f) => playerPaymentsTable(ctx, f).then(prepare),
  agentPayments: (ctx, f) => agentPaymentsTable(ctx, f, 'self').then(prepare),
  subAgentPayments: (ctx, f) => agentPaymentsTable(ctx, f, 'below').then(prepare),
  cashFlow: (ctx, f) => cashFlowTable(ctx, f).then(prepare),
  openBets: (ctx, f) => openBetsTable(ctx, f).then(prepare),
  gradedBets: (ctx, f) => gradedBetsTable(ctx, f).then(prepare),
  changedBets: (ctx, f) => changedBetsTable(ctx, f).then(prepare),
  beatTheLine: (ctx, f) => beatTheLineTable(ctx, f).then(prepare),
  actionByPlayer: (ctx, f) => actionByPlayerTable(ctx, f).then(prepare),
  agentTree: (ctx, f) => agentTreeTable(ctx, f).then(prepare),
};

type ParsedRequest = z.output<typeof ExportRequest>;

/** The report's source with its filters: the request's union keeps each report with its own. */
function prepareReport<R extends ExportReport>(
  ctx: SourceContext,
  req: { report: R; filters: Filters<R> },
): Promise<Prepared> {
  return SOURCES[req.report](ctx, req.filters);
}

export function createExportService(deps: ExportDeps & { now?: () => Date }) {
  const now = deps.now ?? (() => new Date());

  /**
   * `written` hears the rows written so far; `failed` hears why a file that had begun broke off
   * (an AbortError when its reader went away).
   */
  async function exportFile(
    auth: AgentAuth,
    req: ParsedRequest,
    log: Log,
    hooks: { written?: (rows: number) => void; failed?: (error: unknown) => void } = {},
  ): Promise<FileAnswer> {
    const language: Language = req.language;
    const ctx: SourceContext = { deps, auth, labels: LABELS[language], language };
    const prepared = await prepareReport(ctx, req);
    const exportedAt = now();
    const body = prepared.open(
      req.format,
      {
        language,
        timeZone: auth.timeZone,
        exportedAt,
        ...(hooks.written ? { written: hooks.written } : {}),
      },
      (error) => {
        hooks.failed?.(error);
        if ((error as Error).name === 'AbortError')
          log.info('export stopped: the reader went away');
        else log.error({ err: error }, 'export failed after it started');
      },
    );
    return {
      fileName: `${prepared.name(exportedAt, auth.timeZone)}.${req.format}`,
      contentType: EXPORT_MEDIA_TYPES[req.format],
      body,
    };
  }

  /**
   * Answers every refusal the export would (scope, filters, size) without making the file: the
   * report is read up to its first chunk, as the export itself does before its first byte.
   */
  async function check(auth: AgentAuth, req: ParsedRequest): Promise<void> {
    const ctx: SourceContext = { deps, auth, labels: LABELS[req.language], language: req.language };
    await (await prepareReport(ctx, req)).close();
  }

  return { exportFile, check };
}

export type ExportService = ReturnType<typeof createExportService>;
