// The reports as the model says they should read, from its entries by plain sums: the weekly
// balance, standing and payments of a site, each figure optionally in the site's currency.
import {
  mondayOfDay,
  shiftDay,
  siteToday,
  tempCreditNow,
  type Figures,
  type Model,
  type ModelPlayer,
} from './model.ts';

/** An amount of `currency` as a report shows it: as it is, or in the site's currency. */
export type Convert = (amount: number, currency: string) => number;
export const asIs: Convert = (amount) => amount;

export const byLogin = (a: { login: string }, b: { login: string }) => (a.login < b.login ? -1 : 1);

/** The agents at or below `agentId`, from the parent ids alone. */
export function agentsBelow(m: Model, agentId: number): Set<number> {
  const below = new Set([agentId]);
  for (let grew = true; grew;) {
    grew = false;
    for (const a of m.agents) {
      if (a.parentId !== null && below.has(a.parentId) && !below.has(a.id)) {
        below.add(a.id);
        grew = true;
      }
    }
  }
  return below;
}

export function subtree(m: Model, agentId: number): ModelPlayer[] {
  const below = agentsBelow(m, agentId);
  return m.players.filter((p) => below.has(p.agentId)).sort(byLogin);
}

export const rootOf = (m: Model, site: number) =>
  m.agents.find((a) => a.site === site && a.parentId === null)!;

export const sum = <T>(list: readonly T[], f: (x: T) => number) =>
  list.reduce((s, x) => s + f(x), 0);

export function byCurrency<T extends { Currency: string }, R>(
  rows: readonly T[],
  total: (currency: string, list: T[]) => R,
): R[] {
  return [...Map.groupBy(rows, (r) => r.Currency)]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([currency, list]) => total(currency, list));
}

const winLoss = (r: Figures | undefined) =>
  r ? (r.sports as number) + (r.casino as number) + (r.horses as number) + (r.rbl as number) : 0;

/** The weekly balance's row of each player at or below `agentId`, in its own currency. */
export function weekRows(
  m: Model,
  agentId: number,
  monday: string,
  daily: Map<string, Figures>,
  weekly: Map<string, Figures>,
) {
  const agentLogin = (id: number) => m.agents.find((a) => a.id === id)!.login;
  return subtree(m, agentId).map((p) => {
    const week = weekly.get(`${p.id}|${monday}`);
    const before = [...weekly.values()]
      .filter((w) => w.player_id === p.id && (w.week_start as string) < monday)
      .at(-1);
    const days = [0, 1, 2, 3, 4, 5, 6].map((i) =>
      winLoss(daily.get(`${p.id}|${shiftDay(monday, i)}`)),
    );
    const figure = (key: string) => (week?.[key] ?? 0) as number;
    return {
      IdPlayer: p.id,
      Player: p.login,
      IdAgent: p.agentId,
      Agent: agentLogin(p.agentId),
      Currency: p.currency,
      Carry: (week?.carry ?? before?.ending ?? 0) as number,
      Days: days,
      WeekTotal: sum(days, (d) => d),
      Payments: figure('payments'),
      Adjustments: figure('adjustments'),
      Ending: (week?.ending ?? before?.ending ?? 0) as number,
      Products: {
        Sports: figure('sports'),
        Casino: figure('casino'),
        Horses: figure('horses'),
        Rbl: figure('rbl'),
      },
    };
  });
}
export type WeekRow = ReturnType<typeof weekRows>[number];

/** A currency's totals of week rows: each figure the sum of the rows'. */
export function weekTotals(rows: readonly WeekRow[]) {
  return byCurrency(rows, (currency, list) => ({
    Currency: currency,
    Players: list.length,
    Carry: sum(list, (r) => r.Carry),
    Days: [0, 1, 2, 3, 4, 5, 6].map((i) => sum(list, (r) => r.Days[i]!)),
    WeekTotal: sum(list, (r) => r.WeekTotal),
    Payments: sum(list, (r) => r.Payments),
    Adjustments: sum(list, (r) => r.Adjustments),
    Ending: sum(list, (r) => r.Ending),
    Products: {
      Sports: sum(list, (r) => r.Products.Sports),
      Casino: sum(list, (r) => r.Products.Casino),
      Horses: sum(list, (r) => r.Products.Horses),
      Rbl: sum(list, (r) => r.Products.Rbl),
    },
  }));
}

export function expectedWeeklyBalance(
  m: Model,
  agentId: number,
  monday: string,
  daily: Map<string, Figures>,
  weekly: Map<string, Figures>,
) {
  const rows = weekRows(m, agentId, monday, daily, weekly);
  return {
    StartDate: monday,
    EndDate: shiftDay(monday, 6),
    IdAgent: agentId,
    Rows: rows.map(({ Products: _p, ...row }) => row),
    Totals: weekTotals(rows).map(({ Products: _p, ...total }) => total),
  };
}

/**
 * Standing of a site's players, every figure through `convert`: available is the converted
 * credit limit and temporary credit plus the converted balance less the converted risk, so a
 * converted row still adds up.
 */
export function expectedStanding(
  m: Model,
  site: number,
  weekly: Map<string, Figures>,
  convert: Convert = asIs,
) {
  const monday = mondayOfDay(siteToday(m, site));
  const currency = convert === asIs ? null : m.sites[site]!.currency;
  const players = subtree(m, rootOf(m, site).id).map((p) => {
    const c = (amount: number) => convert(amount, p.currency);
    const week = weekly.get(`${p.id}|${monday}`);
    const figure = (key: string) => c((week?.[key] ?? 0) as number);
    const figures: Record<string, number> = {
      CreditLimit: c(p.creditLimit),
      Balance: c(p.balance),
      AtRisk: c(p.atRisk),
      Available: c(p.creditLimit) + c(tempCreditNow(m, p)) + c(p.balance) - c(p.atRisk),
      FreePlayBalance: c(p.freePlay),
      ThisWeek: c(winLoss(week)),
      LastWeek: c(winLoss(weekly.get(`${p.id}|${shiftDay(monday, -7)}`))),
      Sports: figure('sports'),
      Casino: figure('casino'),
      Horses: figure('horses'),
    };
    return { IdPlayer: p.id, Player: p.login, Currency: currency ?? p.currency, figures };
  });
  // Each total is the sum of its figure over the currency's rows.
  const totals = byCurrency(players, (currency, list) => ({
    Currency: currency,
    Players: list.length,
    ...Object.fromEntries(
      Object.keys(list[0]!.figures).map((f) => [f, sum(list, (r) => r.figures[f]!)]),
    ),
  }));
  const rows = players.map(({ figures, ...ref }) => ({ ...ref, ...figures }));
  return { StartDate: monday, EndDate: shiftDay(monday, 6), Rows: rows, Totals: totals };
}

export function expectedPayments(m: Model, site: number) {
  const rows = m.players
    .filter((p) => p.site === site)
    .flatMap((p) =>
      p.entries
        .filter((e) => e.type === 1)
        .map((e) => ({
          IdPayment: e.payment!.id,
          Date: e.day,
          Amount: e.amount,
          Method: e.payment!.method,
          BalanceAfter: e.balanceAfter,
          IdPlayer: p.id,
          Currency: p.currency,
        })),
    )
    .sort((a, b) => a.IdPayment - b.IdPayment);
  const totals = byCurrency(rows, (currency, list) => ({
    Currency: currency,
    Count: list.length,
    Receipts: sum(list, (r) => Math.max(r.Amount, 0)),
    Disbursements: sum(list, (r) => Math.max(-r.Amount, 0)),
    Net: sum(list, (r) => r.Amount),
  }));
  return { Rows: rows, Totals: totals };
}
