// A report table's source for the export: the report's own service makes the table, and its first
// chunk is read at once (prepare), so every refusal is answered before the file's first byte.
import type { Readable } from 'node:stream';
import { localDate, type ExportFormat, type ExportReport } from '@backline/contract';
import type { ExportTable, FileContext } from './export-table.ts';
import type { Filters, SourceContext } from './export-context.ts';
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
