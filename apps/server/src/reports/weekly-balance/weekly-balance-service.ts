// Weekly balance rules: the week is cut in the site's time zone; totals are per currency.
import {
  addDays,
  addMoney,
  computePeriod,
  mondayOf,
  Period,
  sumMoney,
  type DailyTransactionsResponse,
  type LedgerType,
  type WeeklyBalanceResponse,
  type WeeklyBalanceRow,
  type WeeklyBalanceTotals,
} from '@backline/contract';
import type { Db } from '../../db/client.ts';
import type { Auth } from '../../auth/auth-context.ts';
import { agentInScope, playerInScope } from '../../agents/scope.ts';
import { selectPlayerDay, selectWeeklyBalance } from './weekly-balance-repository.ts';

export interface WeekRequest {
  idAgent?: number | undefined;
  period?: number | undefined;
  startDate?: string | undefined;
}

/** Types whose amounts make a day's win/loss: wagers, casino, horses, rbl. */
const WIN_LOSS_TYPES = new Set([2, 5, 6, 7]);

export function totalsByCurrency(rows: readonly WeeklyBalanceRow[]): WeeklyBalanceTotals[] {
  const groups = Map.groupBy(rows, (r) => r.Currency);
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, list]) => ({
      Currency: currency,
      Players: list.length,
      Carry: sumMoney(list, (r) => r.Carry),
      Days: [0, 1, 2, 3, 4, 5, 6].map((i) => sumMoney(list, (r) => r.Days[i]!)),
      WeekTotal: sumMoney(list, (r) => r.WeekTotal),
      Payments: sumMoney(list, (r) => r.Payments),
      Adjustments: sumMoney(list, (r) => r.Adjustments),
      Ending: sumMoney(list, (r) => r.Ending),
    }));
}

export function createWeeklyBalanceService({
  db,
  now = () => new Date(),
}: {
  db: Db;
  now?: () => Date;
}) {
  /** The week's rows with the extra figures the grouped report needs (activity, product split). */
  async function loadWeek(auth: Auth, req: WeekRequest) {
    const agent = await agentInScope(db, auth, req.idAgent);
    const anchor =
      req.startDate ?? computePeriod(req.period ?? Period.ThisWeek, now(), auth.timeZone).StartDate;
    const monday = mondayOf(anchor);
    const sunday = addDays(monday, 6);
    const found = await selectWeeklyBalance(db, {
      siteId: auth.siteId,
      agentId: agent.id,
      monday,
      sunday,
    });
    const rows = found.map((r) => ({
      IdPlayer: r.id,
      Player: r.login,
      Name: r.name,
      IdAgent: r.agent_id,
      Agent: r.agent,
      Currency: r.currency,
      Carry: r.carry,
      Days: r.days.map(Number),
      WeekTotal: addMoney(...r.days.map(Number)),
      Payments: r.payments,
      Adjustments: r.adjustments,
      Ending: r.ending,
      Active: r.active,
      Products: { Sports: r.sports, Casino: r.casino, Horses: r.horses, Rbl: r.rbl },
    }));
    return { agent, monday, sunday, rows };
  }

  async function weeklyBalance(auth: Auth, req: WeekRequest): Promise<WeeklyBalanceResponse> {
    const { agent, monday, sunday, rows: full } = await loadWeek(auth, req);
    const rows: WeeklyBalanceRow[] = full.map(({ Active: _a, Products: _p, ...row }) => row);
    return {
      StartDate: monday,
      EndDate: sunday,
      IdAgent: agent.id,
      Agent: agent.login,
      Rows: rows,
      Totals: totalsByCurrency(rows),
    };
  }

  async function playerDailyTransactions(
    auth: Auth,
    req: { idPlayer: number; date: string },
  ): Promise<DailyTransactionsResponse> {
    const player = await playerInScope(db, auth, req.idPlayer);
    const entries = await selectPlayerDay(db, player.id, req.date);
    return {
      Player: {
        IdPlayer: player.id,
        Player: player.login,
        Name: player.name,
        IdAgent: player.agentId,
        Agent: player.agent,
        Currency: player.currency,
      },
      Date: req.date,
      Transactions: entries.map((e) => ({
        IdTransaction: e.id,
        CreatedAt: e.created_at,
        Type: e.type as LedgerType,
        Description: e.description,
        Amount: e.amount,
        BalanceAfter: e.balance_after,
        IdWager: e.wager_id,
      })),
      DayTotal: sumMoney(
        entries.filter((e) => WIN_LOSS_TYPES.has(e.type)),
        (e) => e.amount,
      ),
    };
  }

  return { loadWeek, weeklyBalance, playerDailyTransactions };
}

export type WeeklyBalanceService = ReturnType<typeof createWeeklyBalanceService>;
