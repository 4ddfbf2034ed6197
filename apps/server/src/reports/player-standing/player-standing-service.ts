// Standing: where each player is now. Available = credit limit + temporary credit in force +
// balance - at risk.
import {
  addDays,
  addMoney,
  computePeriod,
  Period,
  STANDING_FIGURES,
  sumMoney,
  type api,
  type ParsedBodyOf,
  type PlayerStandingResponse,
  type PlayerStandingRow,
} from '@backline/contract';
import type { AgentAuth } from '../../auth/auth-context.ts';
import { agentInScope } from '../../agents/scope.ts';
import { selectStanding } from './player-standing-repository.ts';
import { playerRef } from '../player-ref.ts';
import type { ReportDeps } from '../report-module.ts';

export function createPlayerStandingService(deps: Pick<ReportDeps, 'db' | 'currency' | 'now'>) {
  const { now } = deps;

  async function playerStanding(
    auth: AgentAuth,
    req: ParsedBodyOf<typeof api.playerStanding>,
  ): Promise<PlayerStandingResponse> {
    const agent = await agentInScope(deps.db, auth, req.idAgent);
    const week = computePeriod(Period.ThisWeek, now(), auth.timeZone);
    const found = await selectStanding(deps.db, {
      siteId: auth.siteId,
      agentId: agent.id,
      thisWeek: week.StartDate,
      lastWeek: addDays(week.StartDate, -7),
      now: now(),
      search: req.search,
      activeOnly: req.activeOnly,
    });
    let rows: PlayerStandingRow[] = found.map((r) => ({
      ...playerRef({ ...r, player_id: r.id }),
      Active: r.active,
      CreditLimit: r.credit_limit,
      Balance: r.balance,
      AtRisk: r.at_risk,
      Available: addMoney(r.credit_limit, r.temp_credit, r.balance, -r.at_risk),
      FreePlayBalance: r.free_play_balance,
      ThisWeek: r.this_week,
      LastWeek: r.last_week,
      Sports: r.sports,
      Casino: r.casino,
      Horses: r.horses,
    }));
    let conversion: PlayerStandingResponse['Conversion'] = null;
    if (req.isCurrencyReport) {
      const fx = await deps.currency.toSiteCurrency(auth);
      rows = rows.map((r, i) => {
        const converted = { ...r, Currency: fx.currency };
        for (const f of STANDING_FIGURES) converted[f] = fx.convert(r[f], r.Currency);
        const tempCredit = fx.convert(found[i]!.temp_credit, r.Currency);
        converted.Available = addMoney(
          converted.CreditLimit,
          tempCredit,
          converted.Balance,
          -converted.AtRisk,
        );
        return converted;
      });
      conversion = { Currency: fx.currency, Rates: fx.used() };
    }
    const totals = [...Map.groupBy(rows, (r) => r.Currency)]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, list]) => {
        const t = {
          Currency: currency,
          Players: list.length,
        } as PlayerStandingResponse['Totals'][number];
        for (const f of STANDING_FIGURES) t[f] = sumMoney(list, (r) => r[f]);
        return t;
      });
    return {
      StartDate: week.StartDate,
      EndDate: week.EndDate,
      Rows: rows,
      Totals: totals,
      Conversion: conversion,
    };
  }
  return { playerStanding };
}

export type PlayerStandingService = ReturnType<typeof createPlayerStandingService>;
