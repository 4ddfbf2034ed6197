// Action by player shows a column per wager type that has action, in the book's own order.
import type { ActionByPlayerRow } from '@backline/contract/reports/action-by-player';
import { WAGER_TYPES } from '@backline/contract/core/enums';
import type { SortDir } from '@backline/contract/core/common';

type ByTypeHolder = Pick<ActionByPlayerRow, 'ByType'>;

/** The wager types present in any row or total, known types first in their order, then others. */
export function typesPresent(rows: readonly ByTypeHolder[]): string[] {
  const seen = new Set<string>();
  for (const row of rows) for (const type of Object.keys(row.ByType)) seen.add(type);
  const known = WAGER_TYPES.filter((t) => seen.has(t));
  const other = [...seen].filter((t) => !(WAGER_TYPES as readonly string[]).includes(t)).sort();
  return [...known, ...other];
}

export type ActionSort = 'player' | 'count' | 'volume' | `type:${string}`;

export function sortAction(
  rows: readonly ActionByPlayerRow[],
  key: ActionSort,
  dir: SortDir,
  locale: string,
): ActionByPlayerRow[] {
  const sign = dir === 'asc' ? 1 : -1;
  const collator = new Intl.Collator(locale, { numeric: true, sensitivity: 'base' });
  const value = (r: ActionByPlayerRow): number =>
    key === 'count'
      ? r.Count
      : key === 'volume'
        ? r.Volume
        : (r.ByType[key.slice('type:'.length)]?.Volume ?? 0);
  // Amounts of different currencies do not compare: money orders within each currency.
  const byCurrency = key !== 'player' && key !== 'count';
  return [...rows].sort(
    (a, b) =>
      (byCurrency ? a.Currency.localeCompare(b.Currency) : 0) ||
      (key === 'player'
        ? collator.compare(a.Player, b.Player) * sign
        : (value(a) - value(b)) * sign || collator.compare(a.Player, b.Player)),
  );
}
