// Standing, a player's history, payments of players and agents, and cash flow.
import type {
  AgentPaymentRow,
  CashFlowRow,
  PlayerHistoryRow,
  PlayerPaymentRow,
  PlayerStandingRow,
} from '@backline/contract';
import { labelOf, ledgerLineText } from '../export-labels.ts';
import type { Column, ExportTable } from '../export-table.ts';
import {
  agentSubject,
  describeFilters,
  transactionTypeKey,
  type SourceContext,
} from '../export-context.ts';
import {
  day,
  decimal,
  enteredBy,
  instant,
  loginAndName,
  money,
  playerColumns,
  text,
  whole,
  yesNo,
} from '../export-columns.ts';
import type { Filters } from './source-types.ts';

export async function playerStandingTable(
  ctx: SourceContext,
  filters: Filters<'playerStanding'>,
): Promise<ExportTable<PlayerStandingRow>> {
  const report = await ctx.deps.standing.playerStanding(ctx.auth, filters);
  const l = ctx.labels.columns;
  return {
    title: ctx.labels.reports.playerStanding,
    fileStem: 'player-standing',
    subject: await agentSubject(ctx, filters.idAgent),
    period: null,
    filters: await describeFilters(ctx, filters),
    columns: [
      ...playerColumns<PlayerStandingRow>(ctx.labels),
      text(l.active, (r) => yesNo(ctx.labels, r.Active)),
      money(l.creditLimit, (r) => r.CreditLimit),
      money(l.balance, (r) => r.Balance),
      money(l.atRisk, (r) => r.AtRisk),
      money(l.available, (r) => r.Available),
      money(l.freePlayBalance, (r) => r.FreePlayBalance),
      money(l.thisWeek, (r) => r.ThisWeek),
      money(l.lastWeek, (r) => r.LastWeek),
      money(l.sports, (r) => r.Sports),
      money(l.casino, (r) => r.Casino),
      money(l.horses, (r) => r.Horses),
    ],
    currencyOf: (r) => r.Currency,
    chunks: whole(report.Rows),
  };
}

export async function playerHistoryTable(
  ctx: SourceContext,
  filters: Filters<'playerHistory'>,
): Promise<ExportTable<PlayerHistoryRow>> {
  const report = await ctx.deps.history.playerHistory(ctx.auth, filters);
  const l = ctx.labels.columns;
  const player = report.Player;
  const typeLabel = (type: number) => {
    const key = transactionTypeKey(type);
    return key ? ctx.labels.transactionTypes[key] : String(type);
  };
  return {
    title: ctx.labels.reports.playerHistory,
    fileStem: 'player-history',
    subject: {
      label: ctx.labels.title.player,
      value: `${loginAndName(player.Player, player.Name)} (${player.Agent}, ${player.Currency})`,
      login: player.Player,
    },
    period: { start: report.StartDate, end: report.EndDate },
    filters: await describeFilters(ctx, { transactionType: filters.transactionType }),
    columns: [
      instant(l.date, (r) => r.CreatedAt),
      text(l.type, (r) => typeLabel(r.Type)),
      text(l.description, (r) => ledgerLineText(ctx.labels, r)),
      money(l.amount, (r) => r.Amount),
      money(l.balanceAfter, (r) => r.BalanceAfter, false),
      money(l.freePlayAfter, (r) => r.FreePlayAfter, false),
      decimal(l.wager, 0, (r) => r.IdWager),
      text(l.enteredBy, (r) => enteredBy(ctx.labels, r.CreatedBy)),
    ],
    currencyOf: () => player.Currency,
    chunks: whole(report.Rows),
  };
}

export async function playerPaymentsTable(
  ctx: SourceContext,
  filters: Filters<'playerPayments'>,
): Promise<ExportTable<PlayerPaymentRow>> {
  const report = await ctx.deps.payments.playerPayments(ctx.auth, filters);
  const l = ctx.labels.columns;
  return {
    title: ctx.labels.reports.playerPayments,
    fileStem: 'player-payments',
    subject: await agentSubject(ctx, filters.idAgent),
    period: { start: report.StartDate, end: report.EndDate },
    filters: await describeFilters(ctx, filters),
    columns: [
      instant(l.date, (r) => r.CreatedAt),
      ...playerColumns<PlayerPaymentRow>(ctx.labels),
      text(l.direction, (r) =>
        r.Amount < 0 ? ctx.labels.directions.disbursement : ctx.labels.directions.receipt,
      ),
      money(l.amount, (r) => r.Amount),
      text(l.method, (r) => labelOf(ctx.labels.methods, r.Method)),
      text(l.note, (r) => r.Note),
      text(l.enteredBy, (r) => r.EnteredBy),
      money(l.balanceAfter, (r) => r.BalanceAfter, false),
    ],
    currencyOf: (r) => r.Currency,
    chunks: whole(report.Rows),
  };
}

function agentPaymentColumns(ctx: SourceContext): Column<AgentPaymentRow>[] {
  const l = ctx.labels.columns;
  return [
    instant(l.date, (r) => r.CreatedAt),
    text(l.agent, (r) => r.Agent),
    text(l.master, (r) => r.Master),
    text(l.currency, (r) => r.Currency),
    text(l.direction, (r) =>
      r.Amount < 0 ? ctx.labels.directions.fromMaster : ctx.labels.directions.toMaster,
    ),
    money(l.amount, (r) => r.Amount),
    text(l.method, (r) => labelOf(ctx.labels.methods, r.Method)),
    text(l.note, (r) => r.Note),
    text(l.enteredBy, (r) => r.EnteredBy),
  ];
}

/** Settlements of one agent with its master ('self') or of every sub-agent below it ('below'). */
export async function agentPaymentsTable(
  ctx: SourceContext,
  filters: Filters<'agentPayments'>,
  scope: 'self' | 'below',
): Promise<ExportTable<AgentPaymentRow>> {
  const report = await ctx.deps.payments.agentPayments(ctx.auth, filters, scope);
  return {
    title:
      scope === 'self' ? ctx.labels.reports.agentPayments : ctx.labels.reports.subAgentPayments,
    fileStem: scope === 'self' ? 'agent-payments' : 'sub-agent-payments',
    subject: await agentSubject(ctx, filters.idAgent),
    period: { start: report.StartDate, end: report.EndDate },
    filters: [],
    columns: agentPaymentColumns(ctx),
    currencyOf: (r) => r.Currency,
    chunks: whole(report.Rows),
  };
}

export async function cashFlowTable(
  ctx: SourceContext,
  filters: Filters<'cashFlow'>,
): Promise<ExportTable<CashFlowRow>> {
  const report = await ctx.deps.cashFlow.cashFlow(ctx.auth, filters);
  const l = ctx.labels.columns;
  return {
    title: ctx.labels.reports.cashFlow,
    fileStem: 'cash-flow',
    subject: await agentSubject(ctx, filters.idAgent),
    period: { start: report.StartDate, end: report.EndDate },
    filters: await describeFilters(ctx, filters),
    columns: [
      day(l.date, (r) => r.Date),
      text(l.agent, (r) => r.Agent),
      text(l.currency, (r) => r.Currency),
      money(l.in, (r) => r.In),
      money(l.out, (r) => r.Out),
      money(l.settlements, (r) => r.Settlements),
      money(l.net, (r) => r.Net),
    ],
    currencyOf: (r) => r.Currency,
    chunks: whole(report.Rows),
  };
}
