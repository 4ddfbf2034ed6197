// Weekly balance rules: the week is cut in the site's time zone; totals are per currency.
import {
  addDays,
  addMoney,
  computePeriod,
  mondayOf,
  settlementPeriod,
  sumMoney,
  type api,
  type DailyTransactionsResponse,
  type LedgerType,
  type ParsedBodyOf,
  type WeeklyBalanceRequest,
  type WeeklyBalanceResponse,
  type WeeklyBalanceRow,
  type WeeklyBalanceTotals,
} from '@backline/contract';
import type { z } from 'zod';
import type { AgentAuth } from '../../auth/auth-context.ts';
import { agentInScope, playerInScope } from '../../agents/scope.ts';
import { isWinLoss } from '../../ledger/ledger-math.ts';
import { moneyRanking } from '../../currency/ranking.ts';
import {
  selectPlayerDay,
  selectWeeklyBalance,
  subtreeHasMoves,
  selectWeekPage,
  type WeekCountDbRow,
  type WeeklyBalanceDbRow,
  type WeekPage,
  type WeekTotalsDbRow,
} from './weekly-balance-repository.ts';
import { playerRef, scopedPlayerRef } from '../player-ref.ts';
import { ledgerLine } from '../ledger-line.ts';
import type { ReportDeps } from '../report-module.ts';

/** The week a report asks for: an agent and a period or a day of the week (both reports' fields). */
type WeekRequest = z.output<typeof WeeklyBalanceRequest>;

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

/** A whole week is at most this many rows when no page size is asked for. */
const MAX_ROWS = 1_000_000;

function toRow(r: WeeklyBalanceDbRow) {
  const days = [r.day0, r.day1, r.day2, r.day3, r.day4, r.day5, r.day6];
  return {
    ...playerRef({ ...r, player_id: r.id }),
    Carry: r.carry,
    Days: days,
    WeekTotal: addMoney(...days),
    Payments: r.payments,
    Adjustments: r.adjustments,
    Ending: r.ending,
    Active: r.active,
    Products: { Sports: r.sports, Casino: r.casino, Horses: r.horses, Rbl: r.rbl },
  };
}

/** Totals per currency: the count of listed players beside the sums of the agents' rollup. */
function weekTotals(counts: WeekCountDbRow[], sums: WeekTotalsDbRow[]): WeeklyBalanceTotals[] {
  const byCurrency = new Map(sums.map((s) => [s.currency, s]));
  return counts
    .filter((c) => c.players > 0)
    .sort((a, b) => a.currency.localeCompare(b.currency))
    .map(({ currency, players }) => {
      const sum = byCurrency.get(currency);
      const days = sum ? sum.days.map(Number) : [0, 0, 0, 0, 0, 0, 0];
      return {
        Currency: currency,
        Players: players,
        Carry: sum?.carry ?? 0,
        Days: days,
        WeekTotal: addMoney(...days),
        Payments: sum?.payments ?? 0,
        Adjustments: sum?.adjustments ?? 0,
        Ending: sum?.ending ?? 0,
      };
    });
}

export function createWeeklyBalanceService({ db, now }: Pick<ReportDeps, 'db' | 'now'>) {
  async function weekOf(auth: AgentAuth, req: WeekRequest) {
    const agent = await agentInScope(db, auth, req.idAgent);
    const at = now();
    // Agents settle on the weekly balance: on a Monday it opens on the week just closed.
    const period = req.period ?? settlementPeriod(at, auth.timeZone);
    const anchor = req.startDate ?? computePeriod(period, at, auth.timeZone).StartDate;
    const monday = mondayOf(anchor);
    const sunday = addDays(monday, 6);
    return {
      agent,
      monday,
      sunday,
      query: {
        siteId: auth.siteId,
        agentId: agent.id,
        monday,
        sunday,
        moved: await subtreeHasMoves(db, agent.id),
      },
    };
  }

  /** The week's rows with the extra figures the grouped report needs (activity, product split). */
  async function loadWeek(auth: AgentAuth, req: WeekRequest) {
    const { agent, monday, sunday, query } = await weekOf(auth, req);
    const rows = (await selectWeeklyBalance(db, query)).map(toRow);
    return { agent, monday, sunday, rows };
  }

  async function weeklyBalance(
    auth: AgentAuth,
    req: ParsedBodyOf<typeof api.weeklyBalance>,
  ): Promise<WeeklyBalanceResponse> {
    const { agent, monday, sunday, query } = await weekOf(auth, req);
    const search = req.search || undefined;
    // Money columns rank across currencies in the site's currency, never by raw figures.
    const ranking = req.sort === 'player' ? null : await moneyRanking(db, auth);
    const page: WeekPage | undefined =
      req.pageSize === undefined && !search && req.sort === 'player' && req.dir === 'asc'
        ? undefined
        : {
            search,
            sort: req.sort,
            descending: req.dir === 'desc',
            limit: req.pageSize ?? MAX_ROWS,
            offset: (req.page - 1) * (req.pageSize ?? 0),
            rank: ranking ? (amount, currency) => ranking.sql(amount, currency) : undefined,
          };
    const { rows: found, counts, totals: sums } = await selectWeekPage(db, query, page);
    const rows: WeeklyBalanceRow[] = found.map((r) => {
      const { Active: _a, Products: _p, ...row } = toRow(r);
      return row;
    });
    return {
      StartDate: monday,
      EndDate: sunday,
      IdAgent: agent.id,
      Agent: agent.login,
      Rows: rows,
      TotalRows: counts.reduce((n, c) => n + c.matches, 0),
      Page: req.page,
      PageSize: req.pageSize ?? null,
      Totals: weekTotals(counts, sums),
      RankedIn:
        ranking?.conversion(counts.filter((c) => c.matches > 0).map((c) => c.currency)) ?? null,
    };
  }

  async function playerDailyTransactions(
    auth: AgentAuth,
    req: ParsedBodyOf<typeof api.getWeeklyBalancePlayerDailyTransactions>,
  ): Promise<DailyTransactionsResponse> {
    const player = await playerInScope(db, auth, req.idPlayer);
    const entries = await selectPlayerDay(db, player.id, req.date);
    return {
      Player: scopedPlayerRef(player),
      Date: req.date,
      Transactions: entries.map(ledgerLine),
      DayTotal: sumMoney(
        entries.filter((e) => isWinLoss(e.type as LedgerType)),
        (e) => e.amount,
      ),
    };
  }

  return { loadWeek, weeklyBalance, playerDailyTransactions };
}

export type WeeklyBalanceService = ReturnType<typeof createWeeklyBalanceService>;
