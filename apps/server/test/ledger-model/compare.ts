// Compares the database and the reports with the model, field by field, and lists each difference.
import { NO_WAGER_LIMITS } from '@backline/contract';
import {
  expectedAgentWeekly,
  expectedDaily,
  expectedWeekly,
  mondayOfDay,
  shiftDay,
  tempCreditNow,
  today,
  type Figures,
  type Model,
  type ModelPlayer,
} from './model.ts';
import type { Reports, Snapshot } from './real.ts';

/** Walks `expected` and records every leaf of `actual` that differs; extra actual fields are not compared. */
export function diff(path: string, expected: unknown, actual: unknown, out: string[]): void {
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length) {
      out.push(`${path}: expected ${expected.length} items, got ${JSON.stringify(actual)}`);
      return;
    }
    expected.forEach((e, i) => diff(`${path}[${i}]`, e, actual[i], out));
  } else if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object') {
      out.push(`${path}: expected an object, got ${JSON.stringify(actual)}`);
      return;
    }
    for (const [key, value] of Object.entries(expected))
      diff(`${path}.${key}`, value, (actual as Record<string, unknown>)[key], out);
  } else if (expected !== actual) {
    out.push(`${path}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
  }
}

/** Rows keyed as the model keys them: none missing, none extra, every modelled column equal. */
function diffRows(
  what: string,
  expected: Map<string, Figures>,
  actualRows: Record<string, unknown>[],
  keyOf: (row: Record<string, unknown>) => string,
  out: string[],
): void {
  const actual = new Map(actualRows.map((r) => [keyOf(r), r]));
  for (const key of actual.keys())
    if (!expected.has(key)) out.push(`${what} ${key}: unexpected row`);
  for (const [key, row] of expected) {
    const found = actual.get(key);
    if (!found) {
      out.push(`${what} ${key}: missing row`);
      continue;
    }
    diff(`${what} ${key}`, row, found, out);
  }
}

const byLogin = (a: { login: string }, b: { login: string }) => (a.login < b.login ? -1 : 1);

function subtree(m: Model, agentId: number): ModelPlayer[] {
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
  return m.players.filter((p) => below.has(p.agentId)).sort(byLogin);
}

const sum = <T>(list: readonly T[], f: (x: T) => number) => list.reduce((s, x) => s + f(x), 0);

function byCurrency<T extends { Currency: string }>(
  rows: readonly T[],
  total: (currency: string, list: T[]) => Record<string, unknown>,
) {
  return [...Map.groupBy(rows, (r) => r.Currency)]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([currency, list]) => total(currency, list));
}

const winLoss = (r: Figures | undefined) =>
  r ? (r.sports as number) + (r.casino as number) + (r.horses as number) + (r.rbl as number) : 0;

function expectedWeeklyBalance(
  m: Model,
  agentId: number,
  monday: string,
  daily: Map<string, Figures>,
  weekly: Map<string, Figures>,
) {
  const agentLogin = (id: number) => m.agents.find((a) => a.id === id)!.login;
  const rows = subtree(m, agentId).map((p) => {
    const week = weekly.get(`${p.id}|${monday}`);
    const before = [...weekly.values()]
      .filter((w) => w.player_id === p.id && (w.week_start as string) < monday)
      .at(-1);
    const days = [0, 1, 2, 3, 4, 5, 6].map((i) =>
      winLoss(daily.get(`${p.id}|${shiftDay(monday, i)}`)),
    );
    return {
      IdPlayer: p.id,
      Player: p.login,
      IdAgent: p.agentId,
      Agent: agentLogin(p.agentId),
      Currency: p.currency,
      Carry: (week?.carry ?? before?.ending ?? 0) as number,
      Days: days,
      WeekTotal: sum(days, (d) => d),
      Payments: (week?.payments ?? 0) as number,
      Adjustments: (week?.adjustments ?? 0) as number,
      Ending: (week?.ending ?? before?.ending ?? 0) as number,
    };
  });
  const totals = byCurrency(rows, (currency, list) => ({
    Currency: currency,
    Players: list.length,
    Carry: sum(list, (r) => r.Carry),
    Days: [0, 1, 2, 3, 4, 5, 6].map((i) => sum(list, (r) => r.Days[i]!)),
    WeekTotal: sum(list, (r) => r.WeekTotal),
    Payments: sum(list, (r) => r.Payments),
    Adjustments: sum(list, (r) => r.Adjustments),
    Ending: sum(list, (r) => r.Ending),
  }));
  return {
    StartDate: monday,
    EndDate: shiftDay(monday, 6),
    IdAgent: agentId,
    Rows: rows,
    Totals: totals,
  };
}

function expectedStanding(m: Model, monday: string, weekly: Map<string, Figures>) {
  const root = m.agents.find((a) => a.parentId === null)!.id;
  const players = subtree(m, root).map((p) => {
    const week = weekly.get(`${p.id}|${monday}`);
    const figures: Record<string, number> = {
      CreditLimit: p.creditLimit,
      Balance: p.balance,
      AtRisk: p.atRisk,
      Available: p.creditLimit + tempCreditNow(m, p) + p.balance - p.atRisk,
      FreePlayBalance: p.freePlay,
      ThisWeek: winLoss(week),
      LastWeek: winLoss(weekly.get(`${p.id}|${shiftDay(monday, -7)}`)),
      Sports: (week?.sports ?? 0) as number,
      Casino: (week?.casino ?? 0) as number,
      Horses: (week?.horses ?? 0) as number,
    };
    return { IdPlayer: p.id, Player: p.login, Currency: p.currency, figures };
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

function expectedPayments(m: Model) {
  const rows = m.players
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

/** JSON with every object's keys sorted: jsonb keeps its own order. */
const sortedJson = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );

/** Every difference between the database (rows and reports) and the model, as readable lines. */
export function differences(m: Model, snapshot: Snapshot, reports: Reports): string[] {
  const out: string[] = [];
  const daily = expectedDaily(m);
  const weekly = expectedWeekly(m);

  const entries = [...m.players]
    .sort((a, b) => a.id - b.id)
    .flatMap((p) =>
      p.entries.map((e) => ({
        player_id: p.id,
        type: e.type,
        amount: e.amount,
        balance_after: e.balanceAfter,
        free_play_after: e.freePlayAfter,
        wager_id: e.wagerId,
        day: e.day,
        idempotency_key: e.key,
        at: e.at,
      })),
    );
  const ledger = snapshot.ledger.map((r) => ({ ...r, at: Date.parse(r.created_at as string) }));
  diff('ledger', entries, ledger, out);
  diffRows('player_daily', daily, snapshot.daily, (r) => `${r.player_id}|${r.day}`, out);
  diffRows('player_weekly', weekly, snapshot.weekly, (r) => `${r.player_id}|${r.week_start}`, out);
  diffRows(
    'agent_weekly',
    expectedAgentWeekly(m, weekly),
    snapshot.agentWeekly,
    (r) => `${r.agent_id}|${r.week_start}|${r.currency}`,
    out,
  );
  const balances = [...m.players].sort(byLogin).map((p) => ({
    id: p.id,
    balance: p.balance,
    free_play_balance: p.freePlay,
    at_risk: p.atRisk,
    credit_limit: p.creditLimit,
    temp_credit: p.tempCredit,
    temp_credit_until: p.tempCreditUntil,
    max_wager: p.maxWager,
    wager_limits: sortedJson(p.wagerLimits),
  }));
  const playerRows = snapshot.players.map((r) => ({
    ...r,
    temp_credit_until:
      r.temp_credit_until === null ? null : Date.parse(r.temp_credit_until as string),
    wager_limits: sortedJson({ ...NO_WAGER_LIMITS, ...(r.wager_limits as object) }),
  }));
  diff('players', balances, playerRows, out);
  const wagers = m.wagers
    .map((w) => ({
      id: w.id,
      player_id: m.players[w.player]!.id,
      risk: w.risk,
      to_win: w.toWin,
      free_play: w.freePlay,
      status: w.status,
      result: w.result,
      amount: w.amount,
      graded_day: w.gradedDay,
    }))
    .sort((a, b) => a.id - b.id);
  diff('wagers', wagers, snapshot.wagers, out);

  // The weekly carry chain on the stored weeks: each week opens with the last one's closing.
  for (let i = 1; i < snapshot.weekly.length; i++) {
    const [before, after] = [snapshot.weekly[i - 1]!, snapshot.weekly[i]!];
    if (before.player_id === after.player_id && before.ending !== after.carry)
      out.push(
        `carry chain: player ${after.player_id} week ${after.week_start} opens at ${after.carry}, last week closed at ${before.ending}`,
      );
  }

  const monday = mondayOfDay(today(m));
  const agentA = m.agents.find((a) => a.login === 'A')!.id;
  const root = m.agents.find((a) => a.parentId === null)!.id;
  const weeks = [
    [root, monday],
    [root, shiftDay(monday, -7)],
    [agentA, monday],
    [agentA, shiftDay(monday, -7)],
  ] as const;
  weeks.forEach(([agent, week], i) => {
    const wanted = expectedWeeklyBalance(m, agent, week, daily, weekly);
    diff(`WeeklyBalance(agent ${agent}, ${week})`, wanted, reports.weekly[i], out);
  });
  // ... and in the reports: last week's ending is this week's carry, for every player.
  const [thisWeek, lastWeek] = reports.weekly;
  for (const row of thisWeek?.Rows ?? []) {
    const before = lastWeek?.Rows.find((r) => r.IdPlayer === row.IdPlayer);
    if (before && before.Ending !== row.Carry)
      out.push(
        `WeeklyBalance carry: ${row.Player} carries ${row.Carry}, last week ended ${before.Ending}`,
      );
  }
  diff('PlayerStanding', expectedStanding(m, monday, weekly), reports.standing, out);
  const payments = {
    ...reports.payments,
    Rows: [...reports.payments.Rows].sort((a, b) => a.IdPayment - b.IdPayment),
  };
  diff('PlayerPayments', expectedPayments(m), payments, out);
  return out;
}
