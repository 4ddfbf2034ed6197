// Drives a file format over a report's rows: the title and header first, rows chunk by chunk as the
// reader takes them (never faster), the totals last. A reader that goes away stops the rows and
// closes the report's cursor.
import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import { EXPORT_MAX_ROWS } from '@backline/contract';
import { ValidationError } from '../errors.ts';
import { LABELS, LOCALES } from './export-labels.ts';
import { Totals, type ExportTable, type FileContext } from './export-table.ts';

export interface FileFormatter<T> {
  /** Everything before the first row: title block and header. */
  head(): string;
  rows(rows: readonly T[]): string;
  /** The totals rows and whatever closes the file. */
  tail(totals: Totals<T>): string;
}

/** A file format's writer: the report's first chunk and the rest as the reader takes them. */
export type FileWriter = <T>(
  table: ExportTable<T>,
  ctx: FileContext,
  first: readonly T[],
  rest: AsyncIterator<T[]>,
  onError: (error: unknown) => void,
) => Readable;

/** Rows are turned into text this many at a time, so no one string grows large. */
const SLICE = 1000;

async function write(out: Writable, text: string, signal: AbortSignal): Promise<void> {
  signal.throwIfAborted();
  if (!out.write(text)) await once(out, 'drain', { signal });
}

/**
 * Writes a whole file into `out` and ends it. `first` is the report's first chunk, already read
 * (so refusals answer before any byte); `rest` yields the others and is closed whatever happens.
 */
async function pump<T>(
  formatter: FileFormatter<T>,
  table: ExportTable<T>,
  first: readonly T[],
  rest: AsyncIterator<T[]>,
  out: Writable,
  signal: AbortSignal,
  written?: (rows: number) => void,
): Promise<void> {
  const totals = new Totals(table);
  let count = 0;
  const emit = async (rows: readonly T[]) => {
    for (let i = 0; i < rows.length; i += SLICE) {
      const slice = rows.slice(i, i + SLICE);
      count += slice.length;
      if (count > EXPORT_MAX_ROWS) {
        throw new ValidationError('export_row_limit', { max: EXPORT_MAX_ROWS });
      }
      for (const row of slice) totals.add(row);
      await write(out, formatter.rows(slice), signal);
      written?.(count);
    }
  };
  try {
    await write(out, formatter.head(), signal);
    // The next chunk is asked for before this one is written, so the database and the writer
    // work at the same time.
    const ask = () => {
      const asked = rest.next();
      // Awaited below; if writing fails first, its failure must not go unhandled meanwhile.
      asked.catch(() => {});
      return asked;
    };
    let next = ask();
    await emit(first);
    for (let chunk = await next; !chunk.done; chunk = await next) {
      next = ask();
      await emit(chunk.value);
    }
    await write(out, formatter.tail(totals), signal);
    out.end();
  } finally {
    await rest.return?.();
  }
}

/** An abort signal that fires when the file's reader goes away before the file is complete. */
function readerGone(file: Readable): AbortSignal {
  const controller = new AbortController();
  file.once('close', () => {
    if (!file.readableEnded) controller.abort(new Error('The reader went away'));
  });
  return controller.signal;
}

/**
 * Writes the file into `sink` while `file` (what the reader gets) is read; `finish` runs once every
 * row is in. A failure or a reader gone away ends both streams and is told to `onError`.
 */
export function streamFile<T>(
  formatter: FileFormatter<T>,
  table: ExportTable<T>,
  rows: { first: readonly T[]; rest: AsyncIterator<T[]> },
  streams: {
    sink: Writable;
    file: Readable;
    finish?: () => void;
    written?: ((rows: number) => void) | undefined;
  },
  onError: (error: unknown) => void,
): Readable {
  const { sink, file, finish, written } = streams;
  const pumped = pump(formatter, table, rows.first, rows.rest, sink, readerGone(file), written);
  pumped.then(finish, (error) => {
    onError(error);
    sink.destroy();
    file.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return file;
}

/** The title block's lines, worded in the file's language. */
export function titleLines<T>(table: ExportTable<T>, ctx: FileContext): string[] {
  const labels = LABELS[ctx.language];
  const locale = LOCALES[ctx.language];
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const period = table.period
    ? day.formatRange(
        new Date(`${table.period.start}T00:00:00Z`),
        new Date(`${table.period.end}T00:00:00Z`),
      )
    : labels.title.now;
  const at = new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: ctx.timeZone,
  }).format(ctx.exportedAt);
  return [
    table.title,
    `${table.subject.label}: ${table.subject.value}`,
    `${labels.title.period}: ${period}`,
    `${labels.title.exportedAt}: ${at} (${ctx.timeZone})`,
    table.filters.length ? `${labels.title.filters}: ${table.filters.join(' · ')}` : '',
  ];
}

/** The first column of a totals row: "Total USD". */
export function totalLabel(ctx: FileContext, currency: string): string {
  return `${LABELS[ctx.language].title.total}${currency ? ` ${currency}` : ''}`;
}
