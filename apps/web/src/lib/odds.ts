// How a price reads on a sportsbook ticket: American odds with their sign, lines with theirs.

export function formatOdds(odds: number | null): string {
  if (odds === null) return '—';
  return odds > 0 ? `+${odds}` : String(odds);
}

/** A spread or total as printed: +3.5, -7, 0 reads "PK" only for spreads, so it stays "0" here. */
export function formatLine(line: number | null, locale: string): string {
  if (line === null) return '—';
  const text = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(Math.abs(line));
  return line > 0 ? `+${text}` : line < 0 ? `-${text}` : text;
}

/**
 * Line and odds together, e.g. "-3.5 (-110)", or the odds alone for a money line. A total's line
 * is a number of points, not a handicap, so it carries no sign: "233.5 (-110)".
 */
export function formatPrice(
  line: number | null,
  odds: number | null,
  locale: string,
  market?: string,
): string {
  if (odds === null && line === null) return '—';
  if (line === null) return formatOdds(odds);
  const points =
    market === 'total'
      ? new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(line)
      : formatLine(line, locale);
  return `${points} (${formatOdds(odds)})`;
}
