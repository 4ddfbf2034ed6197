// Fixed-layout tables size their columns up front, in `ch` of what a column shows: a figure never
// wraps, a heading wraps between its words (two lines fit a header row).

// `ch` is the width of a digit (figures are tabular); separators and signs are narrower.
const NARROW = /[.,'\s\u00a0\u202f]/u;

/** The width of one line of text, in `ch`. */
export function textWidth(text: string): number {
  let width = 0;
  for (const char of text) width += NARROW.test(char) ? 0.45 : char === '-' ? 0.7 : 1;
  return Math.round(width * 100) / 100;
}

/** The width a column heading needs when it may wrap between words: its longest word. */
export function headingWidth(label: string): number {
  return Math.max(0, ...label.split(/\s+/u).map(textWidth));
}
