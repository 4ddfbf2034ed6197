// A report as CSV (RFC 4180, UTF-8 with a byte-order mark so spreadsheets read the accents): the
// xlsx's columns, header and totals without the title block, amounts as plain decimals, instants in
// the site's time zone. Text that a spreadsheet would run as a formula is defused with a quote.
import { PassThrough } from 'node:stream';
import type { Column, ExportTable, FileContext, Totals } from './export-table.ts';
import { majorText, wallClockText } from './export-values.ts';
import { streamFile, totalLabel, type FileFormatter, type FileWriter } from './file-writer.ts';

const FORMULA_START = /^[=+\-@\t\r]/;

/** Quotes a field when it must be, doubling its quotes; text opening like a formula gets a '. */
export function csvField(value: string, isText: boolean): string {
  const safe = isText && FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]|^\s|\s$/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

class CsvSheet<T> implements FileFormatter<T> {
  private readonly table: ExportTable<T>;
  private readonly ctx: FileContext;

  constructor(table: ExportTable<T>, ctx: FileContext) {
    this.table = table;
    this.ctx = ctx;
  }

  private field(column: Column<T>, value: string | number | null, currency: string | null): string {
    if (value === null) return '';
    switch (column.kind) {
      case 'text':
        return csvField(String(value), true);
      case 'money':
        return majorText(Number(value), currency);
      case 'datetime':
        return wallClockText(String(value), this.ctx.timeZone);
      case 'number':
        return Number(value).toFixed(column.decimals ?? 2);
      default:
        return String(value);
    }
  }

  /** A time's column names the zone its wall-clock times are in: "Placed (America/New_York)". */
  head(): string {
    const title = (c: Column<T>) =>
      c.kind === 'datetime' ? `${c.label} (${this.ctx.timeZone})` : c.label;
    return `\uFEFF${this.table.columns.map((c) => csvField(title(c), true)).join(',')}\r\n`;
  }

  rows(rows: readonly T[]): string {
    let text = '';
    for (const row of rows) {
      const currency = this.table.currencyOf(row);
      text += `${this.table.columns.map((c) => this.field(c, c.value(row), currency)).join(',')}\r\n`;
    }
    return text;
  }

  tail(totals: Totals<T>): string {
    return totals
      .rows()
      .map(({ currency, sums }) => {
        const fields = this.table.columns.map((c, i) =>
          i === 0
            ? csvField(totalLabel(this.ctx, currency), true)
            : sums[i] === null
              ? ''
              : this.field(c, sums[i]!, currency || null),
        );
        return `${fields.join(',')}\r\n`;
      })
      .join('');
  }
}

export const csvFile: FileWriter = (table, ctx, first, rest, onError) => {
  const out = new PassThrough();
  return streamFile(
    new CsvSheet(table, ctx),
    table,
    { first, rest },
    { sink: out, file: out, written: ctx.written },
    onError,
  );
};
