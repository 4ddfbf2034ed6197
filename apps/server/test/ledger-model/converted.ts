// The reports converted into a site's currency, as the model computes them on its own. The rule
// (DOMAIN.md names the option, "optionally converted into one currency"; the contract's money.ts
// and the currency_rates table state how): a rate is units of the site's currency per unit of the
// other, an exact decimal; each amount of a row is multiplied by its currency's rate and rounded
// once to the cent, a tie to the even cent; totals are sums of the converted rows, and the figures
// a row is made of (ending, available, net, week total) are rebuilt from its converted parts, so
// a converted report still adds up. The rates shown are those of the currencies converted.
import {
  dayIn,
  mondayOfDay,
  shiftDay,
  siteToday,
  type Figures,
  type Model,
  type ModelSite,
} from './model.ts';
import {
  agentsBelow,
  byCurrency,
  expectedStanding,
  rootOf,
  sum,
  weekRows,
  weekTotals,
  type Convert,
  type WeekRow,
} from './expected-reports.ts';

/** `amount` cents of `currency` in cents of the site's currency: every currency here has cents. */
export function toSiteCurrency(site: ModelSite, amount: number, currency: string): number {
  if (currency === site.currency) return amount;
  const rate = site.rates[currency];
  if (rate === undefined) throw new Error(`the model has no rate of ${currency}`);
  const [units, decimals = ''] = rate.split('.');
  const scale = 10n ** BigInt(decimals.length);
  const exact = BigInt(amount) * BigInt(units! + decimals); // in 1/scale of a cent
  const magnitude = exact < 0n ? -exact : exact;
  let cents = magnitude / scale;
  const left = magnitude - cents * scale;
  if (2n * left > scale || (2n * left === scale && cents % 2n === 1n)) cents += 1n;
  return Number(exact < 0n ? -cents : cents);
}

/** The converter of a site, noting which currencies it converted (the rates a report shows). */
function converterOf(site: ModelSite) {
  const seen = new Set<string>();
  const convert: Convert = (amount, currency) => {
    if (currency !== site.currency) seen.add(currency);
    return toSiteCurrency(site, amount, currency);
  };
  const conversion = () => ({
    Currency: site.currency,
    Rates: [...seen].sort().map((c) => ({ Currency: c, Rate: site.rates[c]! })),
  });
  return { convert, conversion };
}

/** New weekly balance of the site's master for this week, in the site's currency. */
export function expectedNewWeekly(
  m: Model,
  index: number,
  daily: Map<string, Figures>,
  weekly: Map<string, Figures>,
) {
  const site = m.sites[index]!;
  const root = rootOf(m, index);
  const monday = mondayOfDay(siteToday(m, index));
  const { convert, conversion } = converterOf(site);
  const rows = weekRows(m, root.id, monday, daily, weekly).map((r): WeekRow & { Active: true } => {
    const c = (amount: number) => convert(amount, r.Currency);
    const days = r.Days.map(c);
    const [carry, payments, adjustments] = [c(r.Carry), c(r.Payments), c(r.Adjustments)];
    const weekTotal = sum(days, (d) => d);
    return {
      ...r,
      Active: true,
      Currency: site.currency,
      Carry: carry,
      Days: days,
      WeekTotal: weekTotal,
      Payments: payments,
      Adjustments: adjustments,
      Ending: carry + weekTotal + payments + adjustments,
      Products: {
        Sports: c(r.Products.Sports),
        Casino: c(r.Products.Casino),
        Horses: c(r.Products.Horses),
        Rbl: c(r.Products.Rbl),
      },
    };
  });
  // Agents in tree order (children by login), each with its own players and its subtree's.
  const blocks: object[] = [];
  const visit = (agentId: number, depth: number) => {
    const a = m.agents.find((x) => x.id === agentId)!;
    const below = agentsBelow(m, agentId);
    const all = rows.filter((r) => below.has(r.IdAgent));
    if (all.length > 0) {
      const own = rows.filter((r) => r.IdAgent === agentId);
      blocks.push({
        IdAgent: a.id,
        Agent: a.login,
        Name: `Agent ${a.login}`,
        IdParent: a.parentId,
        Depth: depth,
        Players: own,
        Totals: weekTotals(own),
        SubtreeTotals: weekTotals(all),
      });
    }
    const children = m.agents
      .filter((x) => x.parentId === agentId)
      .sort((x, y) => (x.login < y.login ? -1 : 1));
    for (const child of children) visit(child.id, depth + 1);
  };
  visit(root.id, 0);
  return {
    StartDate: monday,
    EndDate: shiftDay(monday, 6),
    IdAgent: root.id,
    Agent: root.login,
    Blocks: blocks,
    Totals: weekTotals(rows),
    Conversion: conversion(),
  };
}

export function expectedConvertedStanding(m: Model, index: number, weekly: Map<string, Figures>) {
  const { convert, conversion } = converterOf(m.sites[index]!);
  return { ...expectedStanding(m, index, weekly, convert), Conversion: conversion() };
}

interface Flow {
  Date: string;
  IdAgent: number;
  Agent: string;
  Currency: string;
  In: number;
  Out: number;
  Settlements: number;
}

const flowSums = (list: readonly { In: number; Out: number; Settlements: number }[]) => {
  const [inn, out, settled] = [
    sum(list, (r) => r.In),
    sum(list, (r) => r.Out),
    sum(list, (r) => r.Settlements),
  ];
  return { In: inn, Out: out, Settlements: settled, Net: inn - out + settled };
};

/**
 * Cash flow of the site's master from its first day to today, in the site's currency: per day and
 * agent, players' receipts in, disbursements out, and settlements (an agent's payment to its
 * master is money out for the agent and in for the master, in the paying agent's currency).
 */
export function expectedCashFlow(m: Model, index: number) {
  const site = m.sites[index]!;
  const [start, end] = [site.firstDay, siteToday(m, index)];
  const login = (id: number) => m.agents.find((a) => a.id === id)!.login;
  const flows = new Map<string, Flow>();
  const flowOf = (day: string, agentId: number, currency: string) => {
    const key = `${day}|${agentId}|${currency}`;
    let flow = flows.get(key);
    if (!flow) {
      flow = {
        Date: day,
        IdAgent: agentId,
        Agent: login(agentId),
        Currency: currency,
        In: 0,
        Out: 0,
        Settlements: 0,
      };
      flows.set(key, flow);
    }
    return flow;
  };
  for (const p of m.players.filter((x) => x.site === index))
    for (const e of p.entries.filter((x) => x.type === 1 && x.day >= start && x.day <= end)) {
      const flow = flowOf(e.day, p.agentId, p.currency);
      if (e.amount > 0) flow.In += e.amount;
      else flow.Out -= e.amount;
    }
  for (const ap of m.agentPayments.filter(
    (x) => x.site === index && x.day >= start && x.day <= end,
  )) {
    flowOf(ap.day, ap.agentId, ap.currency).Settlements -= ap.amount;
    flowOf(ap.day, ap.masterId, ap.currency).Settlements += ap.amount;
  }
  const { convert, conversion } = converterOf(site);
  const ordered = [...flows.values()].sort(
    (a, b) =>
      a.Date.localeCompare(b.Date) ||
      a.Agent.localeCompare(b.Agent) ||
      a.Currency.localeCompare(b.Currency),
  );
  // Each figure converted on its own; a day's and agent's currencies then make one row.
  const converted = ordered.map((f) => ({
    ...f,
    Currency: site.currency,
    In: convert(f.In, f.Currency),
    Out: convert(f.Out, f.Currency),
    Settlements: convert(f.Settlements, f.Currency),
  }));
  const rows = [...Map.groupBy(converted, (r) => `${r.Date}|${r.IdAgent}`).values()].map(
    (list) => ({ ...list[0]!, ...flowSums(list) }),
  );
  const days = [...Map.groupBy(rows, (r) => r.Date).values()].map((list) => ({
    Date: list[0]!.Date,
    Currency: site.currency,
    ...flowSums(list),
  }));
  return {
    StartDate: start,
    EndDate: end,
    Rows: rows,
    Days: days,
    Totals: byCurrency(rows, (currency, list) => ({ Currency: currency, ...flowSums(list) })),
    Conversion: conversion(),
  };
}

/**
 * Action by player over the same days, in the site's currency: per player and wager type the
 * count and the risk of the wagers placed, voided ones left out; a type's volume converted once.
 */
export function expectedAction(m: Model, index: number) {
  const site = m.sites[index]!;
  const [start, end] = [site.firstDay, siteToday(m, index)];
  const { convert, conversion } = converterOf(site);
  const players = m.players
    .filter((p) => p.site === index)
    .sort((a, b) => (a.login < b.login ? -1 : 1));
  const rows = players.flatMap((p) => {
    const placed = m.wagers.filter((w) => {
      const day = dayIn(site.timeZone, w.placedAt);
      return m.players[w.player] === p && w.status !== 'deleted' && day >= start && day <= end;
    });
    if (placed.length === 0) return [];
    const byType = Object.fromEntries(
      [...Map.groupBy(placed, (w) => w.wagerType)].map(([type, list]) => [
        type,
        {
          Count: list.length,
          Volume: convert(
            sum(list, (w) => w.risk),
            p.currency,
          ),
        },
      ]),
    );
    const cells = Object.values(byType);
    return [
      {
        IdPlayer: p.id,
        Player: p.login,
        Name: `Player ${p.login}`,
        IdAgent: p.agentId,
        Agent: m.agents.find((a) => a.id === p.agentId)!.login,
        Currency: site.currency,
        ByType: byType,
        Count: sum(cells, (c) => c.Count),
        Volume: sum(cells, (c) => c.Volume),
      },
    ];
  });
  const totals = byCurrency(rows, (currency, list) => {
    const byType: Record<string, { Count: number; Volume: number }> = {};
    for (const r of list)
      for (const [type, c] of Object.entries(r.ByType)) {
        const cell = (byType[type] ??= { Count: 0, Volume: 0 });
        cell.Count += c.Count;
        cell.Volume += c.Volume;
      }
    return {
      Currency: currency,
      ByType: byType,
      Count: sum(list, (r) => r.Count),
      Volume: sum(list, (r) => r.Volume),
    };
  });
  return { StartDate: start, EndDate: end, Rows: rows, Totals: totals, Conversion: conversion() };
}
