// What every exported report hands the file writers: a title block, typed columns and its rows in
// chunks, so the xlsx and the csv of a report are made from one description.
import type { Readable } from 'node:stream';
import type { Language } from '@backline/contract';

/**
 * How a column's values are written. money: minor units of the row's currency; date: a calendar
 * day (YYYY-MM-DD); datetime: an instant (ISO 8601), shown in the site's time zone; count: a whole
 * number; number: a decimal with `decimals` places; percent: a share 0..1.
 */
export type CellKind = 'text' | 'money' | 'date' | 'datetime' | 'count' | 'number' | 'percent';

export type CellValue = string | number | null;

export interface Column<T> {
  label: string;
  kind: CellKind;
  value: (row: T) => CellValue;
  /** Summed per currency into the totals rows (money and count columns). */
  total?: boolean;
  decimals?: number;
}

export interface ExportTable<T> {
  /** The report's name, in the file's language. */
  title: string;
  /** Kebab-case report name for the file name. */
  fileStem: string;
  /** Whose report it is: a label ("Agent", "Player"), the login with the name, and the login. */
  subject: { label: string; value: string; login: string };
  /** The days the report covers; null for "now" (standings, open wagers, the tree). */
  period: { start: string; end: string } | null;
  /** The filters in force beyond agent and period, already worded ("Sport: NFL"). */
  filters: string[];
  columns: Column<T>[];
  /** The currency of a row's money cells, and of the totals row it is added to. */
  currencyOf: (row: T) => string | null;
  /** Rows that count in the totals; by default all (the tree counts its players only). */
  inTotals?: (row: T) => boolean;
  /** The rows, in report order, a chunk at a time. */
  chunks: AsyncIterable<T[]>;
}

/** What the writers need besides the table: who reads it, where, and when it was made. */
export interface FileContext {
  language: Language;
  timeZone: string;
  exportedAt: Date;
  /** Told the number of data rows written so far, as they go (progress of a download). */
  written?: (rows: number) => void;
}

/** Running totals of the money and count columns, per currency, as rows go by. */
export class Totals<T> {
  readonly byCurrency = new Map<string, (number | null)[]>();
  private readonly table: ExportTable<T>;

  constructor(table: ExportTable<T>) {
    this.table = table;
  }

  add(row: T): void {
    if (this.table.inTotals && !this.table.inTotals(row)) return;
    const currency = this.table.currencyOf(row) ?? '';
    let sums = this.byCurrency.get(currency);
    if (!sums) {
      sums = this.table.columns.map((c) => (c.total ? 0 : null));
      this.byCurrency.set(currency, sums);
    }
    this.table.columns.forEach((c, i) => {
      if (!c.total) return;
      const v = c.value(row);
      if (typeof v !== 'number') return;
      const next = sums[i]! + v;
      if (!Number.isSafeInteger(next)) throw new RangeError(`The total of ${c.label} overflows`);
      sums[i] = next;
    });
  }

  /** One entry per currency, in currency order. */
  rows(): { currency: string; sums: (number | null)[] }[] {
    return [...this.byCurrency.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, sums]) => ({ currency, sums }));
  }
}

/** A made file as a service answers it; a file route (http/route.ts) streams it. */
export interface FileAnswer {
  fileName: string;
  contentType: string;
  body: Readable;
}
