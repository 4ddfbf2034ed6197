// Action by player: what each player put at risk, by wager type, optionally in one currency.
import {
  addDays,
  addMoney,
  sumMoney,
  startOfDayUtc,
  type ActionByPlayerRow,
  type api,
  type ParsedQueryOf,
} from '@backline/contract';
import type { AgentAuth } from '../../auth/auth-context.ts';
import { agentInScope } from '../../agents/scope.ts';
import { assertSpan } from '../period.ts';
import { selectAction } from './action-by-player-repository.ts';
import { playerRef } from '../player-ref.ts';
import type { ReportDeps } from '../report-module.ts';

type ByType = Record<string, { Count: number; Volume: number }>;

function addTo(by: ByType, type: string, count: number, volume: number) {
  const cell = (by[type] ??= { Count: 0, Volume: 0 });
  cell.Count += count;
  cell.Volume = addMoney(cell.Volume, volume);
}

export function createActionByPlayerService(deps: Pick<ReportDeps, 'db' | 'currency'>) {
  async function actionByPlayer(auth: AgentAuth, q: ParsedQueryOf<typeof api.getActionByPlayer>) {
    assertSpan(q.startDate, q.endDate);
    const agent = await agentInScope(deps.db, auth, q.idAgent);
    const found = await selectAction(deps.db, {
      agentId: agent.id,
      from: startOfDayUtc(q.startDate, auth.timeZone),
      to: startOfDayUtc(addDays(q.endDate, 1), auth.timeZone),
    });
    const fx = q.isCurrencyReport ? await deps.currency.toSiteCurrency(auth) : null;
    const rows = new Map<string, ActionByPlayerRow>();
    for (const r of found) {
      const currency = fx ? fx.currency : r.currency;
      const volume = fx ? fx.convert(r.volume, r.currency) : r.volume;
      const key = `${r.player_id}|${currency}`;
      let row = rows.get(key);
      if (!row) {
        row = {
          ...playerRef(r),
          Currency: currency,
          ByType: {},
          Count: 0,
          Volume: 0,
        };
        rows.set(key, row);
      }
      addTo(row.ByType, r.wager_type, r.count, volume);
      row.Count += r.count;
      row.Volume = addMoney(row.Volume, volume);
    }
    const list = [...rows.values()];
    const totals = [...Map.groupBy(list, (r) => r.Currency)]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, group]) => {
        const by: ByType = {};
        for (const r of group)
          for (const [t, v] of Object.entries(r.ByType)) addTo(by, t, v.Count, v.Volume);
        return {
          Currency: currency,
          ByType: by,
          Count: group.reduce((a, r) => a + r.Count, 0),
          Volume: sumMoney(group, (r) => r.Volume),
        };
      });
    return {
      StartDate: q.startDate,
      EndDate: q.endDate,
      Rows: list,
      Totals: totals,
      Conversion: fx ? { Currency: fx.currency, Rates: fx.used() } : null,
    };
  }
  return { actionByPlayer };
}

export type ActionByPlayerService = ReturnType<typeof createActionByPlayerService>;
