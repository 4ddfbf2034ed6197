// A report table's source for the export: the report's own service makes the table, and its first
// chunk is read at once (prepare), so every refusal is answered before the file's first byte.
import type { Readable } from 'node:stream';
import { localDate, type ExportFormat, type ExportReport } from '@backline/contract';
import type { AgentAuth } from '../auth/auth-context.ts';
import type { Column, ExportTable, FileContext } from './export-table.ts';
import { agentTitle, type Filters, type SourceContext } from './export-context.ts';
import { ownCurrencyRows } from './export-columns.ts';
import type { Labels } from './export-labels.ts';
import { csvFile } from './csv-writer.ts';
import { xlsxFile } from './xlsx-writer.ts';

/** A report ready to write: its first chunk read, so every refusal has already been answered. */
export interface Prepared {
  name: (exportedAt: Date, timeZone: string) => string;
  open: (format: ExportFormat, ctx: FileContext, onError: (error: unknown) => void) => Readable;
  /** Lets the report's reading go without writing the file. */
  close: () => Promise<void>;
}

const safe = (part: string) => part.replace(/[^A-Za-z0-9_-]+/g, '-');

export async function prepare<T>(table: ExportTable<T>): Promise<Prepared> {
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

/** How a report makes one of its tables: through its own service, its first chunk read. */
export type TableSource<S, R extends ExportReport> = (
  service: S,
  ctx: SourceContext,
  filters: Filters<R>,
) => Promise<Prepared>;

/** Each exportable table's source, registered by its report's module (reports/report-module.ts). */
export type ExportSources = {
  [R in ExportReport]: (ctx: SourceContext, filters: Filters<R>) => Promise<Prepared>;
};

interface Period {
  StartDate: string;
  EndDate: string;
}

/** The period an answer says it covers; a list "as of now" has none. */
function periodOf(answer: unknown): Period | null {
  const a = answer as Partial<Period>;
  return typeof a.StartDate === 'string' && typeof a.EndDate === 'string'
    ? { StartDate: a.StartDate, EndDate: a.EndDate }
    : null;
}

/** What sets an agent's report apart as a file; the rest is the same for every such report. */
export interface AgentReportFile<S, R extends ExportReport, A, Row> {
  /** The answer, read through the report's own service as the screen reads it. */
  read: (service: S, auth: AgentAuth, filters: Filters<R>) => Promise<A>;
  rows: (answer: A) => readonly Row[];
  /** The file's columns, given the column labels in the file's language (`ctx.labels.columns`). */
  columns: (l: Labels['columns'], ctx: SourceContext, answer: A) => Column<Row>[];
  /** The period the answer covers (default: the answer's own StartDate and EndDate, if any). */
  period?: (answer: A) => Period | null;
  /** The agent the answer is for, when the service settles it (default: the filters' agent). */
  agent?: (answer: A) => number;
}

/**
 * An agent's report as a file: its answer read whole, the title block for the agent and period
 * the answer covers, then one line per row in the row's own currency.
 */
export function agentReportFile<S, R extends ExportReport, A, Row extends { Currency: string }>(
  report: R,
  fileStem: string,
  file: AgentReportFile<S, R, A, Row>,
): TableSource<S, R> {
  return async (service, ctx, filters) => {
    const answer = await file.read(service, ctx.auth, filters);
    const forAgent = file.agent ? { ...filters, idAgent: file.agent(answer) } : filters;
    return prepare<Row>({
      ...(await agentTitle(
        ctx,
        report,
        fileStem,
        forAgent,
        file.period ? file.period(answer) : periodOf(answer),
      )),
      columns: file.columns(ctx.labels.columns, ctx, answer),
      ...ownCurrencyRows(file.rows(answer)),
    });
  };
}
