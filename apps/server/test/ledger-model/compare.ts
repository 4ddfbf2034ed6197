// Compares the database and the reports with the model, field by field, and lists each difference.
import { NO_WAGER_LIMITS } from '@backline/contract';
import {
  expectedAgentWeekly,
  expectedDaily,
  expectedWeekly,
  mondayOfDay,
  shiftDay,
  today,
  type Figures,
  type Model,
} from './model.ts';
import { expectedPayments, expectedStanding, expectedWeeklyBalance } from './expected-reports.ts';
import {
  expectedAction,
  expectedCashFlow,
  expectedConvertedStanding,
  expectedNewWeekly,
} from './converted.ts';
import type { ConvertedReports, Reports, Snapshot } from './real.ts';

/** What names an item of a report's list in a difference: its date, player, agent, currency. */
function labelOf(item: unknown): string {
  if (item === null || typeof item !== 'object') return '';
  const r = item as Record<string, unknown>;
  const parts = ['Date', 'Player', 'Agent', 'Currency']
    .filter((k) => typeof r[k] === 'string')
    .map((k) => r[k] as string);
  return parts.length > 0 ? ` ${parts.join(' ')}` : '';
}

/** Walks `expected` and records every leaf of `actual` that differs; extra actual fields are not compared. */
export function diff(path: string, expected: unknown, actual: unknown, out: string[]): void {
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length) {
      out.push(`${path}: expected ${expected.length} items, got ${JSON.stringify(actual)}`);
      return;
    }
    expected.forEach((e, i) => diff(`${path}[${i}${labelOf(e)}]`, e, actual[i], out));
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

/** JSON with every object's keys sorted: jsonb keeps its own order. */
const sortedJson = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );

/** Every difference between the database (rows and reports) and the model, as readable lines. */
export function differences(m: Model, snapshot: Snapshot, reports: Reports | null): string[] {
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
  // As the snapshot lists them: by site, then login.
  const balances = m.players.map((p) => ({
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
  const settlements = m.agentPayments.map((ap) => ({
    id: ap.id,
    agent_id: ap.agentId,
    master_id: ap.masterId,
    amount: ap.amount,
    currency: ap.currency,
    day: ap.day,
  }));
  diff('agent_payments', settlements, snapshot.agentPayments, out);

  // The weekly carry chain on the stored weeks: each week opens with the last one's closing.
  for (let i = 1; i < snapshot.weekly.length; i++) {
    const [before, after] = [snapshot.weekly[i - 1]!, snapshot.weekly[i]!];
    if (before.player_id === after.player_id && before.ending !== after.carry)
      out.push(
        `carry chain: player ${after.player_id} week ${after.week_start} opens at ${after.carry}, last week closed at ${before.ending}`,
      );
  }

  if (reports) reportDifferences(m, daily, weekly, reports, out);
  return out;
}

/** The reports against the model: the first site's as they are, and each site's converted. */
function reportDifferences(
  m: Model,
  daily: Map<string, Figures>,
  weekly: Map<string, Figures>,
  reports: Reports,
  out: string[],
): void {
  const monday = mondayOfDay(today(m));
  const agentA = m.agents.find((a) => a.login === 'A')!.id;
  const root = m.agents[0]!.id;
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
  diff('PlayerStanding', expectedStanding(m, 0, weekly), reports.standing, out);
  const payments = {
    ...reports.payments,
    Rows: [...reports.payments.Rows].sort((a, b) => a.IdPayment - b.IdPayment),
  };
  diff('PlayerPayments', expectedPayments(m, 0), payments, out);
  reports.converted?.forEach((r, site) => convertedDifferences(m, site, daily, weekly, r, out));
}

/** Action by player's types, row by row: the walk above would not see a type the model lacks. */
function typesOf(report: {
  Rows: { Player: string; ByType: object }[];
  Totals: { ByType: object }[];
}) {
  return [
    ...report.Rows.map((r) => `${r.Player}: ${Object.keys(r.ByType).sort().join(',')}`),
    ...report.Totals.map((t) => `total: ${Object.keys(t.ByType).sort().join(',')}`),
  ];
}

/** A site's reports in its own currency against the model's conversion of the same figures. */
function convertedDifferences(
  m: Model,
  site: number,
  daily: Map<string, Figures>,
  weekly: Map<string, Figures>,
  actual: ConvertedReports,
  out: string[],
): void {
  const name = (report: string) =>
    `${report}(site ${m.sites[site]!.id}, in ${m.sites[site]!.currency})`;
  diff(name('NewWeeklyBalance'), expectedNewWeekly(m, site, daily, weekly), actual.newWeekly, out);
  diff(name('PlayerStanding'), expectedConvertedStanding(m, site, weekly), actual.standing, out);
  diff(name('CashFlow'), expectedCashFlow(m, site), actual.cashFlow, out);
  const action = expectedAction(m, site);
  diff(name('ActionByPlayer'), action, actual.action, out);
  diff(`${name('ActionByPlayer')} wager types`, typesOf(action), typesOf(actual.action), out);
}
