// A report as an .xlsx workbook, streamed: the sheet's XML is made a slice of rows at a time and
// zipped as it goes. Money cells are numbers with their currency's format, dates are date serials
// in the site's time zone, the header row is frozen below a title block, totals close the sheet.
import { PassThrough } from 'node:stream';
import { ZipFile } from 'yazl';
import type {
  CellKind,
  CellValue,
  Column,
  ExportTable,
  FileContext,
  Totals,
} from './export-table.ts';
import {
  digitsOf,
  divisorOf,
  excelSerialOfDay,
  excelSerialOfInstant,
  majorText,
  moneyFormatCode,
} from './export-values.ts';
import {
  streamFile,
  titleLines,
  totalLabel,
  type FileFormatter,
  type FileWriter,
} from './file-writer.ts';
import {
  BORDER,
  contentTypesXml,
  coreXml,
  FILL,
  FONT,
  packageRelsXml,
  SHEET_END_XML,
  sheetName,
  sheetStartXml,
  StyleBook,
  workbookRelsXml,
  workbookXml,
  xmlText,
} from './xlsx-parts.ts';

/** Title block on rows 1-5, the header on row 6, frozen with everything above it. */
export const HEADER_ROW = 6;
const MAX_WIDTH = 60;

const FORMATS: Record<Exclude<CellKind, 'text' | 'money' | 'number'>, string> = {
  date: 'yyyy-mm-dd',
  datetime: 'yyyy-mm-dd hh:mm',
  count: '#,##0',
  percent: '0.0%',
};

function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return name;
}

/** How many characters a value takes on screen, for fitting the column to it. */
function shownLength<T>(
  column: Column<T>,
  value: number | string,
  currency: string | null,
): number {
  const grouped = (digits: number) => digits + Math.floor((digits - 1) / 3);
  switch (column.kind) {
    case 'text':
      return String(value).length;
    case 'money': {
      const text = majorText(Math.abs(Number(value)), currency);
      const whole = text.length - (digitsOf(currency) ? digitsOf(currency) + 1 : 0);
      return grouped(whole) + (text.length - whole) + 1 + (currency ? 2 : 0);
    }
    case 'count':
      return grouped(String(Math.abs(Math.trunc(Number(value)))).length) + 1;
    case 'number':
      return Number(value).toFixed(column.decimals ?? 2).length;
    case 'percent':
      return 6;
    case 'date':
      return 10;
    case 'datetime':
      return 16;
  }
}

/** Rows enough to see how wide a column's values run. */
const WIDTH_SAMPLE = 2000;

/** Widths from the header and the first rows; sums of money and counts leave room for totals. */
function fitWidths<T>(table: ExportTable<T>, rows: readonly T[]): number[] {
  const sample = rows.slice(0, WIDTH_SAMPLE);
  return table.columns.map((column) => {
    let widest = column.label.length + 1;
    let sum = 0;
    for (const row of sample) {
      const value = column.value(row);
      if (value === null || value === '') continue;
      widest = Math.max(widest, shownLength(column, value, table.currencyOf(row)));
      if (column.total && typeof value === 'number') sum += Math.abs(value);
    }
    if (column.total && sample.length) {
      widest = Math.max(widest, shownLength(column, sum * 10, table.currencyOf(sample[0]!)));
    }
    return Math.min(MAX_WIDTH, widest + 2);
  });
}

class XlsxSheet<T> implements FileFormatter<T> {
  private readonly table: ExportTable<T>;
  private readonly ctx: FileContext;
  private readonly book: StyleBook;
  private readonly sample: readonly T[];
  private readonly names: string[];
  /** Each column's style for body and totals rows; money's depends on the row's currency. */
  private readonly styles: { body: number; total: number }[];
  private readonly moneyStyles = {
    body: new Map<string, number>(),
    total: new Map<string, number>(),
  };
  private rowNumber = HEADER_ROW;

  constructor(table: ExportTable<T>, ctx: FileContext, book: StyleBook, sample: readonly T[]) {
    this.table = table;
    this.ctx = ctx;
    this.book = book;
    this.sample = sample;
    this.names = table.columns.map((_, i) => columnName(i));
    const format = (c: Column<T>) =>
      c.kind === 'text' || c.kind === 'money'
        ? ''
        : c.kind === 'number'
          ? c.decimals
            ? `0.${'0'.repeat(c.decimals)}`
            : '0'
          : FORMATS[c.kind];
    this.styles = table.columns.map((c) => ({
      body: c.kind === 'text' ? 0 : book.style(format(c)),
      total: book.style(format(c), FONT.bold, FILL.none, BORDER.above),
    }));
  }

  private text(ref: string, value: string, style = 0): string {
    if (value === '') return '';
    const s = style ? ` s="${style}"` : '';
    return `<c r="${ref}" t="inlineStr"${s}><is><t xml:space="preserve">${xmlText(value)}</t></is></c>`;
  }

  private moneyStyle(currency: string | null, row: 'body' | 'total'): number {
    const cache = this.moneyStyles[row];
    const key = currency ?? '';
    let id = cache.get(key);
    if (id === undefined) {
      const format = moneyFormatCode(currency, this.ctx.language);
      id =
        row === 'body'
          ? this.book.style(format)
          : this.book.style(format, FONT.bold, FILL.none, BORDER.above);
      cache.set(key, id);
    }
    return id;
  }

  /** A row's cells; the currency's style and divisor are looked up once per row, not per cell. */
  private cells(
    r: number,
    values: (i: number) => CellValue,
    currency: string | null,
    row: 'body' | 'total',
    from = 0,
  ): string {
    const money = this.moneyStyle(currency, row);
    const divisor = divisorOf(currency);
    let xml = '';
    for (let i = from; i < this.table.columns.length; i++) {
      const value = values(i);
      const ref = `${this.names[i]}${r}`;
      const kind = this.table.columns[i]!.kind;
      const style = kind === 'money' ? money : this.styles[i]![row];
      if (value === null) {
        if (row === 'total') xml += `<c r="${ref}" s="${style}"/>`;
        continue;
      }
      if (kind === 'text') {
        xml += this.text(ref, String(value), style);
        continue;
      }
      const number =
        kind === 'money'
          ? Number(value) / divisor
          : kind === 'date'
            ? excelSerialOfDay(String(value))
            : kind === 'datetime'
              ? excelSerialOfInstant(String(value), this.ctx.timeZone)
              : Number(value);
      xml += `<c r="${ref}" s="${style}"><v>${number}</v></c>`;
    }
    return xml;
  }

  head(): string {
    const lines = titleLines(this.table, this.ctx);
    const title = this.book.style('', FONT.title);
    const block = lines
      .map(
        (line, i) => `<row r="${i + 1}">${this.text(`A${i + 1}`, line, i === 0 ? title : 0)}</row>`,
      )
      .join('');
    const header = this.book.style('', FONT.bold, FILL.header, BORDER.below);
    const labels = this.table.columns
      .map((c, i) => this.text(`${this.names[i]}${HEADER_ROW}`, c.label, header))
      .join('');
    return `${sheetStartXml(fitWidths(this.table, this.sample), HEADER_ROW)}${block}<row r="${HEADER_ROW}">${labels}</row>`;
  }

  rows(rows: readonly T[]): string {
    const columns = this.table.columns;
    let xml = '';
    for (const row of rows) {
      const r = ++this.rowNumber;
      xml += `<row r="${r}">${this.cells(r, (i) => columns[i]!.value(row), this.table.currencyOf(row), 'body')}</row>`;
    }
    return xml;
  }

  tail(totals: Totals<T>): string {
    let xml = '';
    for (const { currency, sums } of totals.rows()) {
      const r = ++this.rowNumber;
      const label = this.text(`A${r}`, totalLabel(this.ctx, currency), this.styles[0]!.total);
      xml += `<row r="${r}">${label}${this.cells(r, (i) => sums[i]!, currency || null, 'total', 1)}</row>`;
    }
    return xml + SHEET_END_XML;
  }
}

/**
 * The workbook as a stream. The style sheet goes into the zip after the sheet, once every
 * currency's format is known; the zip is written as the reader takes it.
 */
export const xlsxFile: FileWriter = (table, ctx, first, rest, onError) => {
  const zip = new ZipFile();
  const options = { mtime: ctx.exportedAt };
  const add = (xml: string, path: string) => zip.addBuffer(Buffer.from(xml), path, options);
  const name = sheetName(table.title);
  add(contentTypesXml(), '[Content_Types].xml');
  add(packageRelsXml(), '_rels/.rels');
  add(coreXml(table.title, ctx.exportedAt), 'docProps/core.xml');
  add(workbookXml(name, HEADER_ROW), 'xl/workbook.xml');
  add(workbookRelsXml(), 'xl/_rels/workbook.xml.rels');
  const sheet = new PassThrough();
  zip.addReadStream(sheet, 'xl/worksheets/sheet1.xml', options);
  const book = new StyleBook();
  return streamFile(
    new XlsxSheet(table, ctx, book, first),
    table,
    { first, rest },
    {
      sink: sheet,
      file: zip.outputStream as PassThrough,
      written: ctx.written,
      finish: () => {
        add(book.xml(), 'xl/styles.xml');
        zip.end();
      },
    },
    onError,
  );
};
