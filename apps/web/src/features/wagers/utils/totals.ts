// The changed-bets report comes whole (no paging), so its totals are summed here, per currency.
import type { ChangedBet } from '@backline/contract/reports/wagers';
import { addMoney } from '@backline/contract/core/money';
import type { SortDir } from '@backline/contract/core/common';
import { totalsByCurrency } from '@/components/currency/totals-by-currency';

export interface ChangedTotal {
  Currency: string;
  Count: number;
  Amount: number;
}

export function changedTotals(rows: readonly ChangedBet[]): ChangedTotal[] {
  return totalsByCurrency(
    rows,
    (Currency): ChangedTotal => ({ Currency, Count: 0, Amount: 0 }),
    (total, row) => {
      total.Count += 1;
      total.Amount = addMoney(total.Amount, row.Amount);
    },
  );
}

export type ChangedSortKey = 'changedAt' | 'player' | 'amount';

export function sortChanged(
  rows: readonly ChangedBet[],
  key: ChangedSortKey,
  dir: SortDir,
  locale: string,
  /** An amount as it ranks: in the site's currency across currencies (money-ranking.ts). */
  rank: (amount: number, currency: string) => number = (amount) => amount,
): ChangedBet[] {
  const sign = dir === 'asc' ? 1 : -1;
  const collator = new Intl.Collator(locale, { numeric: true, sensitivity: 'base' });
  const compare = (a: ChangedBet, b: ChangedBet): number =>
    key === 'player'
      ? collator.compare(a.Player, b.Player)
      : key === 'amount'
        ? rank(a.Amount, a.Currency) - rank(b.Amount, b.Currency)
        : Date.parse(a.ChangedAt) - Date.parse(b.ChangedAt);
  return [...rows].sort((a, b) => compare(a, b) * sign || b.IdChange - a.IdChange);
}
