import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/query.ts';

export interface CurrencyDbRow {
  id: number;
  code: string;
  name: string;
  minor_digits: number;
  rate_to_site: string;
}

/** The site's currencies: every currency with a rate on the site, plus the site's own at rate 1. */
export function selectSiteCurrencies(db: Executor, siteId: number): Promise<CurrencyDbRow[]> {
  return queryRows<CurrencyDbRow>(
    db,
    sql`select c.id, c.code, c.name, c.minor_digits,
          case when c.code = s.currency then '1' else r.rate_to_site::text end as rate_to_site
        from sites s
        join currencies c on c.code = s.currency
          or exists (select 1 from currency_rates r2 where r2.site_id = s.id and r2.code = c.code)
        left join currency_rates r on r.site_id = s.id and r.code = c.code
        where s.id = ${siteId}
        order by c.code <> s.currency, c.code`,
  );
}
