// Lists sorted in the browser rank amounts of different currencies as the server's do: in the
// site's currency at the site's rates (GetCurrency), never by raw figures, and say so.
import type { Currency } from '@backline/contract/calls/currency';
import type { PlayerStandingResponse } from '@backline/contract/reports/player-standing';
import { convertMinor } from '@backline/contract/core/money';
import { useMemo } from 'react';
import { useCurrencies } from './get-currency';

export interface MoneyRanking {
  /**
   * The amount in the site's currency, for comparing only; the raw amount while the rates are not
   * known yet (or for a currency without a rate).
   */
  value(amount: number, currency: string): number;
  /** For the note over a list: null when every currency is the site's or the rates are unknown. */
  conversion(currencies: Iterable<string>): PlayerStandingResponse['Conversion'];
}

export function moneyRanking(currencies: readonly Currency[] | undefined): MoneyRanking {
  const site = currencies?.find((c) => c.IsSiteCurrency);
  const byCode = new Map((currencies ?? []).map((c) => [c.Code, c]));
  return {
    value(amount, currency) {
      const from = byCode.get(currency);
      if (!site || !from || from.Code === site.Code) return amount;
      return convertMinor(amount, from.RateToSite, from.MinorDigits, site.MinorDigits);
    },
    conversion(list) {
      if (!site) return null;
      const others = [...new Set(list)].filter((c) => c !== site.Code && byCode.has(c)).sort();
      if (others.length === 0) return null;
      return {
        Currency: site.Code,
        Rates: others.map((c) => ({ Currency: c, Rate: byCode.get(c)!.RateToSite })),
      };
    },
  };
}

export function useMoneyRanking(): MoneyRanking {
  const { data } = useCurrencies();
  return useMemo(() => moneyRanking(data), [data]);
}
