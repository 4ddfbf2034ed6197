// Currencies of a site and the one conversion every report uses when asked for one currency.
import { convertMinor, type Currency } from '@backline/contract';
import type { Db } from '../db/query.ts';
import type { AgentAuth } from '../auth/auth-context.ts';
import { ValidationError } from '../errors.ts';
import { selectSiteCurrencies } from './currency-repository.ts';

export interface Converter {
  currency: string;
  convert(amount: number, from: string): number;
  /** The rates actually applied, for the report to say which were used. */
  used(): { Currency: string; Rate: string }[];
}

export function createCurrencyService({ db }: { db: Db }) {
  async function currenciesOf(siteId: number, siteCurrency: string): Promise<Currency[]> {
    const rows = await selectSiteCurrencies(db, siteId);
    return rows.map((r) => ({
      IdCurrency: r.id,
      Code: r.code,
      Name: r.name,
      MinorDigits: r.minor_digits,
      RateToSite: r.rate_to_site.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, ''),
      IsSiteCurrency: r.code === siteCurrency,
    }));
  }

  const list = (auth: AgentAuth) => currenciesOf(auth.siteId, auth.siteCurrency);

  /** Converts into a site's currency; a currency without a rate is refused, never guessed. */
  async function converterOf(siteId: number, siteCurrency: string): Promise<Converter> {
    const currencies = await currenciesOf(siteId, siteCurrency);
    const byCode = new Map(currencies.map((c) => [c.Code, c]));
    const target = byCode.get(siteCurrency)!;
    const used = new Map<string, string>();
    return {
      currency: target.Code,
      convert(amount, from) {
        if (from === target.Code) return amount;
        const source = byCode.get(from);
        if (!source) throw new ValidationError('rate_missing', { from, to: target.Code });
        used.set(from, source.RateToSite);
        return convertMinor(amount, source.RateToSite, source.MinorDigits, target.MinorDigits);
      },
      used: () => [...used].sort().map(([Currency, Rate]) => ({ Currency, Rate })),
    };
  }

  const toSiteCurrency = (auth: AgentAuth) => converterOf(auth.siteId, auth.siteCurrency);

  return { list, toSiteCurrency, converterOf };
}

export type CurrencyService = ReturnType<typeof createCurrencyService>;
