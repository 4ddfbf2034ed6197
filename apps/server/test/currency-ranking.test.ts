// Mixed currencies rank by their amounts in the site's currency, never by raw numbers (issue 14
// item 5): the demo book has players in USD, CAD and MXN, so raw figures would put MX$ risks
// above larger US$ ones. Each ranking is checked against the rates GetCurrency names.
import { describe, expect, it } from 'vitest';
import {
  api,
  convertMinor,
  type Currency,
  type OpenBetsSummary,
  type WagerPage,
  type WeeklyBalanceResponse,
} from '@backline/contract';
import { call, logIn, ok, useTestApp, type Caller } from './helpers.ts';

const ctx = useTestApp();
const WEEK = { startDate: '2026-11-09', endDate: '2026-11-15' };

/** Amounts in the site's currency at the site's rates, as the ranking must compare them. */
async function inSiteCurrency(caller: Caller) {
  const currencies = ok<Currency[]>(await call(ctx.app, api.getCurrency, caller));
  const site = currencies.find((c) => c.IsSiteCurrency)!;
  const byCode = new Map(currencies.map((c) => [c.Code, c]));
  return {
    site,
    value: (amount: number, currency: string) => {
      const c = byCode.get(currency)!;
      return convertMinor(amount, c.RateToSite, c.MinorDigits, site.MinorDigits);
    },
    rate: (currency: string) => byCode.get(currency)!.RateToSite,
  };
}

/** Some row ranks above one with a larger raw figure: raw numbers would have ordered them apart. */
function rawOrderDiffers(values: number[], descending: boolean): boolean {
  return values.some((v, i) => values.slice(i + 1).some((w) => (descending ? w > v : w < v)));
}

function monotone(values: number[], descending: boolean): boolean {
  return values.every(
    (v, i) => i === 0 || (descending ? values[i - 1]! >= v : values[i - 1]! <= v),
  );
}

describe('ranking across currencies', () => {
  it('ranks the top players and sports by risk converted into the site currency, and says so', async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const fx = await inSiteCurrency(master);
    const summary = ok<OpenBetsSummary>(await call(ctx.app, api.getOpenBetsReport, master));
    const currencies = new Set(summary.ByPlayer.map((p) => p.Currency));
    expect(currencies.size).toBeGreaterThan(1);

    const converted = summary.ByPlayer.map((p) => fx.value(p.Risk, p.Currency));
    expect(monotone(converted, true)).toBe(true);
    expect(
      rawOrderDiffers(
        summary.ByPlayer.map((p) => p.Risk),
        true,
      ),
    ).toBe(true);
    expect(
      monotone(
        summary.BySport.map((s) => fx.value(s.Risk, s.Currency)),
        true,
      ),
    ).toBe(true);

    expect(summary.RankedIn?.Currency).toBe(fx.site.Code);
    const others = [...currencies].filter((c) => c !== fx.site.Code).sort();
    expect(summary.RankedIn?.Rates).toEqual(others.map((c) => ({ Currency: c, Rate: fx.rate(c) })));
  });

  it('sorts a list by a money column in the site currency, both ways, on every page', async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const fx = await inSiteCurrency(master);
    for (const dir of ['desc', 'asc'] as const) {
      const first = ok<WagerPage>(
        await call(ctx.app, api.getOpenBets, master, {
          query: { sort: 'risk', dir, pageSize: 300 },
        }),
      );
      const second = ok<WagerPage>(
        await call(ctx.app, api.getOpenBets, master, {
          query: { sort: 'risk', dir, pageSize: 300, page: 2 },
        }),
      );
      const rows = [...first.Rows, ...second.Rows];
      expect(new Set(rows.map((r) => r.Currency)).size, dir).toBeGreaterThan(1);
      expect(
        monotone(
          rows.map((r) => fx.value(r.Risk, r.Currency)),
          dir === 'desc',
        ),
        dir,
      ).toBe(true);
      expect(
        rawOrderDiffers(
          rows.map((r) => r.Risk),
          dir === 'desc',
        ),
        dir,
      ).toBe(true);
      expect(first.RankedIn?.Currency, dir).toBe(fx.site.Code);
    }

    const graded = ok<WagerPage>(
      await call(ctx.app, api.getGradedBetsReport, master, {
        query: { ...WEEK, sort: 'amount', dir: 'asc', pageSize: 500 },
      }),
    );
    expect(new Set(graded.Rows.map((r) => r.Currency)).size).toBeGreaterThan(1);
    expect(
      monotone(
        graded.Rows.map((r) => fx.value(r.Amount, r.Currency)),
        false,
      ),
    ).toBe(true);
    expect(graded.RankedIn?.Currency).toBe(fx.site.Code);
  });

  it('sorts the weekly balance by a money column in the site currency', async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const fx = await inSiteCurrency(master);
    for (const [sort, figure] of [
      ['ending', (r: WeeklyBalanceResponse['Rows'][number]) => r.Ending],
      ['carry', (r: WeeklyBalanceResponse['Rows'][number]) => r.Carry],
    ] as const) {
      const week = ok<WeeklyBalanceResponse>(
        await call(ctx.app, api.weeklyBalance, master, {
          body: { startDate: WEEK.startDate, sort, dir: 'desc', pageSize: 1000 },
        }),
      );
      expect(new Set(week.Rows.map((r) => r.Currency)).size, sort).toBeGreaterThan(1);
      const values = week.Rows.map((r) => fx.value(figure(r), r.Currency));
      expect(monotone(values, true), sort).toBe(true);
      expect(rawOrderDiffers(week.Rows.map(figure), true), sort).toBe(true);
      expect(week.RankedIn?.Currency, sort).toBe(fx.site.Code);
    }
    const byLogin = ok<WeeklyBalanceResponse>(
      await call(ctx.app, api.weeklyBalance, master, { body: { startDate: WEEK.startDate } }),
    );
    expect(byLogin.RankedIn).toBeNull();
  });

  it('says nothing of a ranking when the order is not by money or the list has one currency', async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const byTime = ok<WagerPage>(
      await call(ctx.app, api.getOpenBets, master, { query: { sort: 'placedAt' } }),
    );
    expect(byTime.RankedIn).toBeNull();

    const currencies = ok<Currency[]>(await call(ctx.app, api.getCurrency, master));
    const mxn = currencies.find((c) => c.Code === 'MXN')!;
    const oneCurrency = ok<WagerPage>(
      await call(ctx.app, api.getOpenBets, master, {
        query: { sort: 'risk', idCurrency: mxn.IdCurrency, pageSize: 100 },
      }),
    );
    expect(oneCurrency.RankedIn).toBeNull();
    expect(
      monotone(
        oneCurrency.Rows.map((r) => r.Risk),
        true,
      ),
    ).toBe(true);
  });
});
