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
  async function list(auth: AgentAuth): Promise<Currency[]> {
    const rows = await selectSiteCurrencies(db, auth.siteId);
    return rows.map((r) => ({
      IdCurrency: r.id,
      Code: r.code,
      Name: r.name,
      MinorDigits: r.minor_digits,
      RateToSite: r.rate_to_site.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, ''),
      IsSiteCurrency: r.code === auth.siteCurrency,
    }));
  }

  /** Converts into the site's currency; a currency without a rate is refused, never guessed. */
  async function toSiteCurrency(auth: AgentAuth): Promise<Converter> {
    const currencies = await list(auth);
    const byCode = new Map(currencies.map((c) => [c.Code, c]));
    const target = byCode.get(auth.siteCurrency)!;
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

  return { list, toSiteCurrency };
}

export type CurrencyService = ReturnType<typeof createCurrencyService>;
