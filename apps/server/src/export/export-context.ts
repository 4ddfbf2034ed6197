// What a report's export description is made from besides its own service (which makes the rows the
// API answers with, under the same scope rules): the caller, the file's language, the title block.
import {
  TRANSACTION_TYPES,
  type EXPORT_SOURCES,
  type ExportReport,
  type Language,
} from '@backline/contract';
import type { z } from 'zod';
import type { AgentAuth } from '../auth/auth-context.ts';
import type { Db } from '../db/query.ts';
import { agentInScope, playerInScope } from '../agents/scope.ts';
import type { CurrencyService } from '../currency/currency-service.ts';
import { labelOf, type Labels } from './export-labels.ts';
import { loginAndName } from './export-columns.ts';

/** What every table's title block reads besides its report: scope checks and currency codes. */
export interface ExportDeps {
  db: Db;
  currency: CurrencyService;
}

/** A report's filters as its own endpoint's schema parsed them. */
export type Filters<R extends ExportReport> = z.output<(typeof EXPORT_SOURCES)[R]>;

export interface SourceContext {
  deps: ExportDeps;
  auth: AgentAuth;
  labels: Labels;
  language: Language;
}

/** The key of a transaction type value in the label table ("payments" for 1). */
export function transactionTypeKey(value: number): keyof Labels['transactionTypes'] | null {
  const found = TRANSACTION_TYPES.find((t) => t.Value === value);
  return found && found.Value !== -1
    ? (found.Description as keyof Labels['transactionTypes'])
    : null;
}

interface FilterValues {
  idPlayer?: number | undefined;
  idCurrency?: number | undefined;
  transactionType?: number | undefined;
  wagerType?: string | undefined;
  sport?: string | undefined;
  betResult?: string | undefined;
  status?: string | undefined;
  search?: string | undefined;
  activeOnly?: boolean | undefined;
  withBalanceOnly?: boolean | undefined;
  isCurrencyReport?: boolean | undefined;
  beatersOnly?: boolean | undefined;
}

/** The filters in force beyond agent and period, worded for the title block ("Sport: NFL"). */
export async function describeFilters(ctx: SourceContext, f: FilterValues): Promise<string[]> {
  const l = ctx.labels;
  const lines: string[] = [];
  if (f.idPlayer !== undefined) {
    const player = await playerInScope(ctx.deps.db, ctx.auth, f.idPlayer);
    lines.push(`${l.filters.player}: ${player.login}`);
  }
  const type = f.transactionType === undefined ? null : transactionTypeKey(f.transactionType);
  if (type) lines.push(`${l.filters.transactionType}: ${l.transactionTypes[type]}`);
  if (f.wagerType) lines.push(`${l.filters.wagerType}: ${labelOf(l.wagerTypes, f.wagerType)}`);
  if (f.sport) lines.push(`${l.filters.sport}: ${labelOf(l.sports, f.sport)}`);
  if (f.idCurrency !== undefined) {
    const found = (await ctx.deps.currency.list(ctx.auth)).find(
      (c) => c.IdCurrency === f.idCurrency,
    );
    lines.push(`${l.filters.currency}: ${found?.Code ?? f.idCurrency}`);
  }
  if (f.betResult) lines.push(`${l.filters.betResult}: ${labelOf(l.betResults, f.betResult)}`);
  if (f.status) lines.push(`${l.filters.status}: ${labelOf(l.changeStatuses, f.status)}`);
  if (f.search) lines.push(`${l.filters.search}: ${f.search}`);
  if (f.activeOnly) lines.push(l.filters.activeOnly);
  if (f.withBalanceOnly) lines.push(l.filters.withBalanceOnly);
  if (f.isCurrencyReport) lines.push(l.filters.inOneCurrency);
  if (f.beatersOnly) lines.push(l.filters.beatersOnly);
  return lines;
}

/** The title block's "Agent: AG1 · Name" for the agent a report is for (default: the view agent). */
export async function agentSubject(ctx: SourceContext, idAgent: number | undefined) {
  const agent = await agentInScope(ctx.deps.db, ctx.auth, idAgent);
  return {
    label: ctx.labels.title.agent,
    value: loginAndName(agent.login, agent.name),
    login: agent.login,
  };
}

/**
 * The title block of a report run for an agent (default: the view agent): the report's name in the
 * file's language, the file's stem, the agent, the period the answer covers (none: "now") and the
 * filters in force.
 */
export async function agentTitle(
  ctx: SourceContext,
  table: ExportReport,
  fileStem: string,
  filters: FilterValues & { idAgent?: number | undefined },
  period: { StartDate: string; EndDate: string } | null,
) {
  return {
    title: ctx.labels.reports[table],
    fileStem,
    subject: await agentSubject(ctx, filters.idAgent),
    period: period && { start: period.StartDate, end: period.EndDate },
    filters: await describeFilters(ctx, filters),
  };
}
