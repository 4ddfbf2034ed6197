// Fixed-layout tables size their columns up front, in `ch` of what a column shows: a figure never
// wraps, a heading wraps between its words (two lines fit a header row).

// `ch` is the width of a digit (figures are tabular); separators and signs are narrower, capitals
// (a currency's MX$, CA$) wider, and bold text (totals, a table's key figure) wider still.
const NARROW = /[.,'\s\u00a0\u202f]/u;
const CAPITAL = /\p{Lu}/u;
const BOLD_SCALE = 1.1;

/** The width of one line of text, in `ch`. */
export function textWidth(text: string, bold = false): number {
  let width = 0;
  for (const char of text) {
    width += NARROW.test(char) ? 0.45 : char === '-' ? 0.7 : CAPITAL.test(char) ? 1.25 : 1;
  }
  return Math.round(width * (bold ? BOLD_SCALE : 1) * 100) / 100;
}

/** The width of the widest of `texts`, in `ch`. */
export function widestText(texts: Iterable<string>, bold = false): number {
  let widest = 0;
  for (const text of texts) widest = Math.max(widest, textWidth(text, bold));
  return widest;
}

/** The width a column heading needs when it may wrap between words: its longest word, in `ch`. */
export function headingWidth(label: string): number {
  return Math.max(0, ...label.split(/\s+/u).map((word) => textWidth(word)));
}

/** What a fixed column must hold, in `ch` of the table's 13 px text. */
export interface ColumnRoom {
  /** The heading's longest word (headings are set at 12 px and wrap between words). */
  heading: number;
  /** The widest figure the column shows. */
  figure: number;
}

// Headings are set at 12 px in a 13 px table; secondary figures (class col-minor) too.
const SMALL_SCALE = 12 / 13;
// A tight table's sort button around its heading (padding 6 + gap 4 + icon 8 + padding 6), and
// its cells' padding (7 + 7): report.css, .report-table--tight.
const HEADING_EXTRA_PX = 24;
const CELL_EXTRA_PX = 14;

const ch = (value: number) => `${Math.round(value * 100) / 100}ch`;

/** The CSS width of a tight table's column: room for its heading and for its widest figure. */
export function columnCss(room: ColumnRoom, minor = false): string {
  const figure = minor ? room.figure * SMALL_SCALE : room.figure;
  return `max(${ch(room.heading * SMALL_SCALE)} + ${HEADING_EXTRA_PX}px, ${ch(figure)} + ${CELL_EXTRA_PX}px)`;
}
