// Hold % (DOMAIN.md "Exposure and hold"): the players' net loss over the risk of graded wagers, for
// an agent's subtree over a period, grouped one way, in the site's currency, with a series by week.
import {
  addDays,
  HOLD_CHART_WEEKS,
  HOLD_MAX_ROWS,
  mondayOf,
  Period,
  type api,
  type HoldGroup,
  type HoldRow,
  type ParsedBodyOf,
  type Sport,
} from '@backline/contract';
import type { AgentAuth } from '../../auth/auth-context.ts';
import { agentInScope } from '../../agents/scope.ts';
import type { Converter } from '../../currency/currency-service.ts';
import type { Executor } from '../../db/query.ts';
import { resolvePeriod } from '../period.ts';
import type { ReportDeps } from '../report-module.ts';
import * as repo from './hold-repository.ts';

export type HoldRequest = ParsedBodyOf<typeof api.getHold>;

/** Count, handle and the book's net of a cell, already in the site's currency. */
export interface Figures {
  Wagers: number;
  Handle: number;
  Net: number;
}

/** Net ÷ handle as a percentage to two decimals; null without handle. */
export function holdPct(net: number, handle: number): number | null {
  return handle === 0 ? null : Math.round((net / handle) * 10_000) / 100;
}

const withHold = <F extends Figures>(f: F) => ({ ...f, HoldPct: holdPct(f.Net, f.Handle) });

type RowKey = Omit<HoldRow, 'Wagers' | 'Handle' | 'Net' | 'HoldPct'>;

/**
 * One cell per key from rows in several currencies: each currency's sums converted once and added,
 * the book's net being the players' settled result turned round.
 */
function cells<T extends repo.HoldSumsDbRow>(
  rows: readonly T[],
  fx: Converter,
  keyOf: (row: T) => string,
): Map<string, { first: T; figures: Figures }> {
  const out = new Map<string, { first: T; figures: Figures }>();
  for (const r of rows) {
    const key = keyOf(r);
    const cell = out.get(key) ?? { first: r, figures: { Wagers: 0, Handle: 0, Net: 0 } };
    cell.figures.Wagers += r.wagers;
    cell.figures.Handle += fx.convert(Number(r.risk), r.currency);
    cell.figures.Net -= fx.convert(Number(r.amount), r.currency);
    out.set(key, cell);
  }
  return out;
}

async function groupedRows(
  db: Executor,
  groupBy: HoldGroup,
  scope: repo.HoldScope,
  fx: Converter,
): Promise<(RowKey & Figures)[]> {
  const none = { Sport: null, IdAgent: null, Own: false, IdPlayer: null, Detail: '' };
  const keyed = <T extends repo.HoldSumsDbRow>(
    rows: readonly T[],
    keyOf: (r: T) => string,
    describe: (r: T) => Omit<RowKey, 'Key'>,
  ) =>
    [...cells(rows, fx, keyOf)].map(([Key, { first, figures }]) => ({
      Key,
      ...describe(first),
      ...figures,
    }));
  switch (groupBy) {
    case 'sport':
      return keyed(
        await repo.selectHoldBySport(db, scope),
        (r) => r.sport,
        (r) => ({ ...none, Label: r.sport, Sport: r.sport as Sport }),
      );
    case 'league':
      return keyed(
        await repo.selectHoldByLeague(db, scope),
        (r) => `${r.sport}|${r.league}`,
        (r) => ({ ...none, Label: r.league, Sport: r.sport as Sport }),
      );
    case 'agent':
      return keyed(
        await repo.selectHoldByAgent(db, scope),
        (r) => (r.own ? 'own' : String(r.agent_id)),
        (r) => ({ ...none, Label: r.login, IdAgent: r.agent_id, Own: r.own, Detail: r.name }),
      );
    case 'player':
      // Named by namePlayers, once cut to the rows shown.
      return keyed(
        await repo.selectHoldByPlayer(db, scope),
        (r) => String(r.player_id),
        (r) => ({ ...none, Label: '', IdPlayer: r.player_id }),
      );
  }
}

/** The players' logins, and names with their agents, on the rows shown. */
async function namePlayers<R extends RowKey>(db: Executor, rows: R[]): Promise<R[]> {
  const ids = rows.flatMap((r) => (r.IdPlayer === null ? [] : [r.IdPlayer]));
  if (ids.length === 0) return rows;
  const names = new Map((await repo.selectHoldPlayers(db, ids)).map((p) => [p.id, p]));
  return rows.map((r) => {
    const p = names.get(r.IdPlayer!)!;
    return { ...r, Label: p.login, Detail: p.name ? `${p.name} · ${p.agent}` : p.agent };
  });
}

/**
 * The days the week series covers: the period itself when it spans more than one week, else the
 * HOLD_CHART_WEEKS weeks ending with its own (a day's hold alone makes no chart).
 */
export function chartDays(range: { StartDate: string; EndDate: string }) {
  const lastMonday = mondayOf(range.EndDate);
  if (mondayOf(range.StartDate) !== lastMonday) {
    return { startDate: range.StartDate, endDate: range.EndDate };
  }
  return { startDate: addDays(lastMonday, -7 * (HOLD_CHART_WEEKS - 1)), endDate: range.EndDate };
}

export function createHoldService({
  db,
  now,
  currency,
}: Pick<ReportDeps, 'db' | 'now' | 'currency'>) {
  async function hold(auth: AgentAuth, req: HoldRequest) {
    const agent = await agentInScope(db, auth, req.idAgent);
    const range = resolvePeriod(auth.timeZone, req, now(), Period.ThisMonth);
    const scope = {
      agentId: agent.id,
      startDate: range.StartDate,
      endDate: range.EndDate,
      sport: req.sport,
    };
    const fx = await currency.toSiteCurrency(auth);
    const chart = chartDays(range);
    const [grouped, weekRows] = await Promise.all([
      groupedRows(db, req.groupBy, scope, fx),
      repo.selectHoldByWeek(db, { ...scope, ...chart }),
    ]);
    const all = grouped.sort(
      (a, b) => b.Handle - a.Handle || a.Label.localeCompare(b.Label) || a.Key.localeCompare(b.Key),
    );
    const shown = all.slice(0, HOLD_MAX_ROWS).map(withHold);
    const rows = req.groupBy === 'player' ? await namePlayers(db, shown) : shown;
    const totals = all.reduce(
      (t, r) => ({ Wagers: t.Wagers + r.Wagers, Handle: t.Handle + r.Handle, Net: t.Net + r.Net }),
      { Wagers: 0, Handle: 0, Net: 0 },
    );
    const byWeek = cells(weekRows, fx, (r) => r.week);
    const weeks = [];
    for (let week = mondayOf(chart.startDate); week <= range.EndDate; week = addDays(week, 7)) {
      const figures = byWeek.get(week)?.figures ?? { Wagers: 0, Handle: 0, Net: 0 };
      weeks.push({ Week: week, ...withHold(figures) });
    }
    return {
      ...range,
      Currency: fx.currency,
      GroupBy: req.groupBy,
      Rows: rows,
      TotalRows: all.length,
      Totals: withHold(totals),
      Weeks: weeks,
      Conversion: fx.used().length ? { Currency: fx.currency, Rates: fx.used() } : null,
    };
  }
  return { hold };
}

export type HoldService = ReturnType<typeof createHoldService>;
