// The reports the export center offers, the filters each takes, and the request made from the
// chosen values: each report gets exactly the fields of its own endpoint's input.
import type { ExportReport } from '@backline/contract/report-names';
import type { PeriodResult } from '@backline/contract/core/periods';
import type { ExportTarget } from '@/components/export/export-file';
import type { PeriodRange } from '@/lib/period-range';

/**
 * week: a Monday-to-Sunday week; period: one of the seven periods or custom dates; dates: the
 * same picker, sent as explicit dates (the wager lists and action by player require them).
 */
export type FilterField =
  | 'agent'
  | 'week'
  | 'period'
  | 'dates'
  | 'player'
  | 'transactionType'
  | 'sport'
  | 'wagerType'
  | 'betResult'
  | 'status'
  | 'activeOnly'
  | 'withBalanceOnly'
  | 'inOneCurrency'
  | 'beatersOnly';

export const CATALOGUE: Record<ExportReport, readonly FilterField[]> = {
  weeklyBalance: ['agent', 'week'],
  newWeeklyBalance: ['agent', 'week', 'activeOnly', 'withBalanceOnly', 'inOneCurrency'],
  playerStanding: ['agent', 'activeOnly', 'inOneCurrency'],
  playerHistory: ['player', 'period', 'transactionType'],
  playerPayments: ['agent', 'period'],
  agentPayments: ['agent', 'period'],
  subAgentPayments: ['agent', 'period'],
  cashFlow: ['agent', 'period', 'inOneCurrency'],
  openBets: ['agent', 'sport', 'wagerType'],
  gradedBets: ['agent', 'dates', 'sport', 'wagerType', 'betResult'],
  changedBets: ['agent', 'dates', 'status'],
  beatTheLine: ['agent', 'period', 'sport', 'beatersOnly'],
  actionByPlayer: ['agent', 'dates', 'inOneCurrency'],
  agentTree: ['agent'],
  players: ['agent'],
  // The center exports the last week ended (the server's default); the screen's button, its week.
  masterSheet: ['agent'],
  // The open book as of now: no period.
  position: ['agent', 'sport'],
  hold: ['agent', 'period', 'sport'],
  auditLog: ['agent', 'period'],
  sharedDevices: ['agent', 'period'],
};

export const REPORTS = Object.keys(CATALOGUE) as ExportReport[];

export interface CenterValues {
  report: ExportReport;
  idAgent: number;
  week: number;
  range: PeriodRange;
  idPlayer: number | null;
  transactionType: number;
  sport: string;
  wagerType: string;
  betResult: string;
  status: string;
  activeOnly: boolean;
  withBalanceOnly: boolean;
  inOneCurrency: boolean;
  beatersOnly: boolean;
}

/** The report and filters to export, or null while a required choice (the player) is missing. */
export function targetOf(v: CenterValues, days: PeriodResult): ExportTarget | null {
  const fields = CATALOGUE[v.report];
  if (fields.includes('player') && v.idPlayer === null) return null;
  const filters: Record<string, unknown> = {};
  const has = (f: FilterField) => fields.includes(f);
  if (has('agent')) filters.idAgent = v.idAgent;
  if (has('week')) filters.period = v.week;
  if (has('period')) Object.assign(filters, v.range);
  if (has('dates')) Object.assign(filters, { startDate: days.StartDate, endDate: days.EndDate });
  if (has('player')) filters.idPlayer = v.idPlayer;
  if (has('transactionType') && v.transactionType !== -1)
    filters.transactionType = v.transactionType;
  if (has('sport') && v.sport) filters.sport = v.sport;
  if (has('wagerType') && v.wagerType) filters.wagerType = v.wagerType;
  if (has('betResult') && v.betResult) filters.betResult = v.betResult;
  if (has('status') && v.status) filters.status = v.status;
  if (has('activeOnly') && v.activeOnly) filters.activeOnly = true;
  if (has('withBalanceOnly') && v.withBalanceOnly) filters.withBalanceOnly = true;
  if (has('inOneCurrency') && v.inOneCurrency) filters.isCurrencyReport = true;
  if (has('beatersOnly') && v.beatersOnly) filters.beatersOnly = true;
  return { report: v.report, filters } as ExportTarget;
}
