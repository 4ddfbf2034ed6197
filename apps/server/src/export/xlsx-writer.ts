// A report as an .xlsx workbook, streamed: the sheet's XML is made a slice of rows at a time and
// zipped as it goes. Money cells are numbers with their currency's format, dates are date serials
// in the site's time zone, the header row is frozen below a title block, totals close the sheet.
import { PassThrough, type Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { CellKind, Column, ExportTable, FileContext, Totals } from './export-table.ts';
import {
  digitsOf,
  excelSerialOfDay,
  excelSerialOfInstant,
  majorText,
  majorUnits,
  moneyFormatCode,
} from './export-values.ts';
import { streamFile, titleLines, totalLabel, type FileFormatter } from './file-writer.ts';
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

/** Widths from the header and the first chunk; sums of money and counts leave room for totals. */
function fitWidths<T>(table: ExportTable<T>, sample: readonly T[]): number[] {
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
  private readonly moneyStyles = new Map<string, number>();
  private rowNumber = HEADER_ROW;

  constructor(table: ExportTable<T>, ctx: FileContext, book: StyleBook, sample: readonly T[]) {
    this.table = table;
    this.ctx = ctx;
    this.book = book;
    this.sample = sample;
    this.names = table.columns.map((_, i) => columnName(i));
  }

  private text(ref: string, value: string, style = 0): string {
    if (value === '') return '';
    const s = style ? ` s="${style}"` : '';
    return `<c r="${ref}" t="inlineStr"${s}><is><t xml:space="preserve">${xmlText(value)}</t></is></c>`;
  }

  private number(ref: string, value: number, style: number): string {
    return `<c r="${ref}" s="${style}"><v>${value}</v></c>`;
  }

  private style(column: Column<T>, currency: string | null, bold: boolean): number {
    const font = bold ? FONT.bold : FONT.normal;
    const border = bold ? BORDER.above : BORDER.none;
    if (column.kind === 'text') return this.book.style('', font, FILL.none, border);
    if (column.kind === 'money') {
      const key = `${currency ?? ''}|${bold}`;
      let id = this.moneyStyles.get(key);
      if (id === undefined) {
        id = this.book.style(moneyFormatCode(currency, this.ctx.language), font, FILL.none, border);
        this.moneyStyles.set(key, id);
      }
      return id;
    }
    const format =
      column.kind === 'number'
        ? column.decimals
          ? `0.${'0'.repeat(column.decimals)}`
          : '0'
        : FORMATS[column.kind];
    return this.book.style(format, font, FILL.none, border);
  }

  private cell(
    column: Column<T>,
    ref: string,
    value: string | number | null,
    currency: string | null,
    bold = false,
  ): string {
    if (value === null) return '';
    if (column.kind === 'text')
      return this.text(ref, String(value), bold ? this.style(column, null, true) : 0);
    const style = this.style(column, currency, bold);
    switch (column.kind) {
      case 'money':
        return this.number(ref, majorUnits(Number(value), currency), style);
      case 'date':
        return this.number(ref, excelSerialOfDay(String(value)), style);
      case 'datetime':
        return this.number(ref, excelSerialOfInstant(String(value), this.ctx.timeZone), style);
      default:
        return this.number(ref, Number(value), style);
    }
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
    let xml = '';
    for (const row of rows) {
      const r = ++this.rowNumber;
      const currency = this.table.currencyOf(row);
      xml += `<row r="${r}">`;
      for (let i = 0; i < this.table.columns.length; i++) {
        const column = this.table.columns[i]!;
        xml += this.cell(column, `${this.names[i]}${r}`, column.value(row), currency);
      }
      xml += '</row>';
    }
    return xml;
  }

  tail(totals: Totals<T>): string {
    let xml = '';
    for (const { currency, sums } of totals.rows()) {
      const r = ++this.rowNumber;
      const label = this.book.style('', FONT.bold, FILL.none, BORDER.above);
      xml += `<row r="${r}">${this.text(`A${r}`, totalLabel(this.ctx, currency), label)}`;
      for (let i = 1; i < this.table.columns.length; i++) {
        const column = this.table.columns[i]!;
        const ref = `${this.names[i]}${r}`;
        xml +=
          sums[i] === null
            ? `<c r="${ref}" s="${label}"/>`
            : this.cell(column, ref, sums[i]!, currency || null, true);
      }
      xml += '</row>';
    }
    return xml + SHEET_END_XML;
  }
}

/**
 * The workbook as a stream. The style sheet goes into the zip after the sheet, once every
 * currency's format is known; the zip is written as the reader takes it.
 */
export function xlsxFile<T>(
  table: ExportTable<T>,
  ctx: FileContext,
  first: readonly T[],
  rest: AsyncIterator<T[]>,
  onError: (error: unknown) => void,
): Readable {
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
      finish: () => {
        add(book.xml(), 'xl/styles.xml');
        zip.end();
      },
    },
    onError,
  );
}
