// Cash flow: what came in from players and went out to them, and what agents settled with their
// masters and sub-agents (agent payments), per day and agent.
import {
  sumMoney,
  type CashFlowResponse,
  type CashFlowRow,
  type api,
  type ParsedBodyOf,
} from '@backline/contract';
import type { AgentAuth } from '../../auth/auth-context.ts';
import { agentInScope } from '../../agents/scope.ts';
import { resolvePeriod } from '../period.ts';
import { selectCashFlow, selectSettlementFlow, type FlowKey } from './cash-flow-repository.ts';
import type { ReportDeps } from '../report-module.ts';

const sums = <T extends { In: number; Out: number; Settlements: number; Net: number }>(
  list: T[],
) => ({
  In: sumMoney(list, (r) => r.In),
  Out: sumMoney(list, (r) => r.Out),
  Settlements: sumMoney(list, (r) => r.Settlements),
  Net: sumMoney(list, (r) => r.Net),
});

export function createCashFlowService(deps: Pick<ReportDeps, 'db' | 'currency' | 'now'>) {
  const { now } = deps;

  async function cashFlow(
    auth: AgentAuth,
    req: ParsedBodyOf<typeof api.cashFlowReport>,
  ): Promise<CashFlowResponse> {
    const agent = await agentInScope(deps.db, auth, req.idAgent);
    const range = resolvePeriod(auth.timeZone, req, now());
    const q = { agentId: agent.id, start: range.StartDate, end: range.EndDate };
    const [players, settlements] = await Promise.all([
      selectCashFlow(deps.db, q),
      selectSettlementFlow(deps.db, q),
    ]);
    // One row per day, agent and currency, whichever kinds of money it moved.
    const byKey = new Map<string, CashFlowRow>();
    const rowOf = (r: FlowKey) => {
      const key = `${r.day}|${r.agent_id}|${r.currency}`;
      let row = byKey.get(key);
      if (!row) {
        row = {
          Date: r.day,
          IdAgent: r.agent_id,
          Agent: r.agent,
          Currency: r.currency,
          In: 0,
          Out: 0,
          Settlements: 0,
          Net: 0,
        };
        byKey.set(key, row);
      }
      return row;
    };
    for (const r of players) {
      const row = rowOf(r);
      row.In = r.receipts;
      row.Out = -r.disbursements;
    }
    for (const r of settlements) rowOf(r).Settlements = r.received - r.paid;
    let rows: CashFlowRow[] = [...byKey.values()]
      .map((r) => ({ ...r, Net: r.In - r.Out + r.Settlements }))
      .sort(
        (a, b) =>
          a.Date.localeCompare(b.Date) ||
          a.Agent.localeCompare(b.Agent) ||
          a.Currency.localeCompare(b.Currency),
      );
    let conversion: CashFlowResponse['Conversion'] = null;
    if (req.isCurrencyReport) {
      const fx = await deps.currency.toSiteCurrency(auth);
      const converted = rows.map((r) => {
        const inn = fx.convert(r.In, r.Currency);
        const out = fx.convert(r.Out, r.Currency);
        const settled = fx.convert(r.Settlements, r.Currency);
        return {
          ...r,
          Currency: fx.currency,
          In: inn,
          Out: out,
          Settlements: settled,
          Net: inn - out + settled,
        };
      });
      // Rows of one day and agent in several currencies become one row once converted.
      rows = [...Map.groupBy(converted, (r) => `${r.Date}|${r.IdAgent}`).values()].map((list) => ({
        ...list[0]!,
        ...sums(list),
      }));
      conversion = { Currency: fx.currency, Rates: fx.used() };
    }
    const days = [...Map.groupBy(rows, (r) => `${r.Date}|${r.Currency}`).values()].map((list) => ({
      Date: list[0]!.Date,
      Currency: list[0]!.Currency,
      ...sums(list),
    }));
    const totals = [...Map.groupBy(rows, (r) => r.Currency)]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, list]) => ({ Currency: currency, ...sums(list) }));
    return { ...range, Rows: rows, Days: days, Totals: totals, Conversion: conversion };
  }
  return { cashFlow };
}

export type CashFlowService = ReturnType<typeof createCashFlowService>;
