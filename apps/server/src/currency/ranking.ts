// Amounts of different currencies never rank by their raw numbers (CA$12,150 is not more than
// US$9,750): lists and tops compare them in the site's currency at the site's rates, the rates every
// converted report uses, and say so. A currency without a rate on the site ranks after all others.
import { convertMinor } from '@backline/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/query.ts';
import { selectSiteCurrencies } from './currency-repository.ts';

interface Rate {
  rate: string;
  digits: number;
}

export interface MoneyRanking {
  /** The currency amounts are compared in: the site's. */
  currency: string;
  /** An amount in the site's currency, for comparing only; null when its currency has no rate. */
  value(amount: number, currency: string): number | null;
  /**
   * The SQL of `amount` (a money column of the currency in `currency`) in the site's currency, for
   * an ORDER BY; the plain column when the site has no other currency.
   */
  sql(amount: SQL, currency: SQL): SQL;
  /** What a response says of the ranking of rows in these currencies: null when all are the site's. */
  conversion(currencies: Iterable<string>): {
    Currency: string;
    Rates: { Currency: string; Rate: string }[];
  } | null;
}

/** A rate as the site stores it, without trailing zeros ("0.730000" -> "0.73"). */
const trimmed = (rate: string) => rate.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');

export async function moneyRanking(
  db: Executor,
  site: { siteId: number; siteCurrency: string },
): Promise<MoneyRanking> {
  const rows = await selectSiteCurrencies(db, site.siteId);
  const target = rows.find((r) => r.code === site.siteCurrency);
  const targetDigits = target?.minor_digits ?? 2;
  const rates = new Map<string, Rate>(
    rows
      .filter((r) => r.rate_to_site !== null)
      .map((r) => [r.code, { rate: trimmed(r.rate_to_site), digits: r.minor_digits }]),
  );
  const others = [...rates].filter(([code]) => code !== site.siteCurrency);
  return {
    currency: site.siteCurrency,
    value(amount, currency) {
      if (currency === site.siteCurrency) return amount;
      const r = rates.get(currency);
      return r ? convertMinor(amount, r.rate, r.digits, targetDigits) : null;
    },
    sql(amount, currency) {
      if (others.length === 0) return amount;
      // Minor units of the source times (rate x 10^(target digits - source digits)): exact
      // numerics, so the order is the converted amounts' order.
      const whens = others.map(
        ([code, r]) =>
          sql`when ${code} then ${amount} * ${r.rate}::numeric * ${10 ** (targetDigits - r.digits)}::numeric`,
      );
      return sql`(case ${currency} when ${site.siteCurrency} then ${amount}::numeric ${sql.join(whens, sql` `)} else null end)`;
    },
    conversion(currencies) {
      const seen = [...new Set(currencies)].sort();
      if (seen.every((c) => c === site.siteCurrency)) return null;
      return {
        Currency: site.siteCurrency,
        Rates: seen
          .filter((c) => c !== site.siteCurrency && rates.has(c))
          .map((c) => ({ Currency: c, Rate: rates.get(c)!.rate })),
      };
    },
  };
}
