// A report that comes whole (no paging) sums its totals here: one total per currency, since money
// of two currencies never adds up, listed by currency code as the server lists its own totals.

/** `rows` folded into one total per currency: `empty` starts a currency's, `add` takes in a row. */
export function totalsByCurrency<R extends { Currency: string }, T extends { Currency: string }>(
  rows: readonly R[],
  empty: (currency: string) => T,
  add: (total: T, row: R) => void,
): T[] {
  const byCurrency = new Map<string, T>();
  for (const row of rows) {
    const total = byCurrency.get(row.Currency) ?? empty(row.Currency);
    add(total, row);
    byCurrency.set(row.Currency, total);
  }
  return [...byCurrency.values()].sort((a, b) => a.Currency.localeCompare(b.Currency));
}
