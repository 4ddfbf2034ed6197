// The weekly balance grouped by agent and split by product; every block's totals are its rows' sums
// and its subtree totals the sums of every row at or below its agent.
import {
  sumMoney,
  type api,
  type NewWeeklyBalanceBlock,
  type NewWeeklyBalancePlayer,
  type NewWeeklyBalanceResponse,
  type NewWeeklyBalanceTotals,
  type ParsedBodyOf,
} from '@backline/contract';
import type { AgentAuth } from '../../auth/auth-context.ts';
import {
  totalsByCurrency,
  type WeeklyBalanceService,
} from '../weekly-balance/weekly-balance-service.ts';
import type { ReportDeps } from '../report-module.ts';

export function totalsWithProducts(
  rows: readonly NewWeeklyBalancePlayer[],
): NewWeeklyBalanceTotals[] {
  return totalsByCurrency(rows).map((t) => {
    const list = rows.filter((r) => r.Currency === t.Currency);
    return {
      ...t,
      Products: {
        Sports: sumMoney(list, (r) => r.Products.Sports),
        Casino: sumMoney(list, (r) => r.Products.Casino),
        Horses: sumMoney(list, (r) => r.Products.Horses),
        Rbl: sumMoney(list, (r) => r.Products.Rbl),
      },
    };
  });
}

export function createNewWeeklyBalanceService(
  deps: Pick<ReportDeps, 'agents' | 'currency'> & { weekly: WeeklyBalanceService },
) {
  async function newWeeklyBalance(
    auth: AgentAuth,
    req: ParsedBodyOf<typeof api.newWeeklyBalance>,
  ): Promise<NewWeeklyBalanceResponse> {
    const week = await deps.weekly.loadWeek(auth, req);
    let rows: NewWeeklyBalancePlayer[] = week.rows.filter(
      (r) => (!req.activeOnly || r.Active) && (!req.withBalanceOnly || r.Ending !== 0),
    );
    let conversion: NewWeeklyBalanceResponse['Conversion'] = null;
    if (req.isCurrencyReport) {
      const fx = await deps.currency.toSiteCurrency(auth);
      rows = rows.map((r) => {
        const c = (v: number) => fx.convert(v, r.Currency);
        const days = r.Days.map(c);
        const carry = c(r.Carry);
        const payments = c(r.Payments);
        const adjustments = c(r.Adjustments);
        const weekTotal = days.reduce((a, b) => a + b, 0);
        // Ending is rebuilt from the converted parts so every converted row still adds up exactly.
        return {
          ...r,
          Currency: fx.currency,
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
      conversion = { Currency: fx.currency, Rates: fx.used() };
    }
    const byAgent = Map.groupBy(rows, (r) => r.IdAgent);
    // Each block's subtree is read from the closure (DESIGN.md §3), not walked from parent ids.
    const tree = await deps.agents.subtreeOf(week.agent);
    const blocks: NewWeeklyBalanceBlock[] = tree.flatMap((a) => {
      const inSubtree = a.below.flatMap((id) => byAgent.get(id) ?? []);
      if (inSubtree.length === 0) return [];
      const players = byAgent.get(a.id) ?? [];
      return [
        {
          IdAgent: a.id,
          Agent: a.login,
          Name: a.name,
          IdParent: a.parent_id,
          Depth: a.depth,
          Players: players,
          Totals: totalsWithProducts(players),
          SubtreeTotals: totalsWithProducts(inSubtree),
        },
      ];
    });
    return {
      StartDate: week.monday,
      EndDate: week.sunday,
      IdAgent: week.agent.id,
      Agent: week.agent.login,
      Blocks: blocks,
      Totals: totalsWithProducts(rows),
      Conversion: conversion,
    };
  }
  return { newWeeklyBalance };
}

export type NewWeeklyBalanceService = ReturnType<typeof createNewWeeklyBalanceService>;
