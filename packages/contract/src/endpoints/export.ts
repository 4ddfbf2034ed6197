// Export of any report table as a file: the report's own filters, streamed by the server as .xlsx or
// .csv, so the file holds exactly the rows the report's endpoint answers with.
import { z } from 'zod';
import { defaulted, endpoint } from '../endpoint.ts';
import { Language } from '../enums.ts';
import { weeklyBalance, newWeeklyBalance } from './weekly-balance.ts';
import {
  cashFlowReport,
  getAgentPayment,
  getPlayerHistoryReport,
  getPlayerPayments,
  getReportAgentPayment,
  playerStanding,
} from './money-reports.ts';
import {
  getActionByPlayer,
  getBeatTheLineFrame,
  getChangedBetsReport,
  getGradedBetsReport,
  getOpenBets,
} from './wagers.ts';
import { getAgentPlayerTree } from './agents.ts';
import { EXPORT_REPORTS, EXPORT_ROUTE, ExportFormat, type ExportReport } from './export-route.ts';

export * from './export-route.ts';

function input<S extends z.ZodType>(schema: S | undefined): S {
  if (!schema) throw new Error('an exported report needs an input schema');
  return schema;
}

/** Each exportable report with the input schema of the endpoint it exports: its filters. */
export const EXPORT_SOURCES = {
  weeklyBalance: input(weeklyBalance.body),
  newWeeklyBalance: input(newWeeklyBalance.body),
  playerStanding: input(playerStanding.body),
  playerHistory: input(getPlayerHistoryReport.body),
  playerPayments: input(getPlayerPayments.body),
  agentPayments: input(getAgentPayment.body),
  subAgentPayments: input(getReportAgentPayment.body),
  cashFlow: input(cashFlowReport.body),
  openBets: input(getOpenBets.query),
  gradedBets: input(getGradedBetsReport.query),
  changedBets: input(getChangedBetsReport.query),
  beatTheLine: input(getBeatTheLineFrame.body),
  actionByPlayer: input(getActionByPlayer.query),
  agentTree: input(getAgentPlayerTree.query),
} satisfies Record<ExportReport, z.ZodType>;

function variant<R extends ExportReport>(report: R) {
  return z.object({
    report: z.literal(report),
    filters: EXPORT_SOURCES[report],
    format: ExportFormat,
    /** The language of the headers, labels and title block. */
    language: defaulted(Language, 'en'),
  });
}

export const ExportRequest = z.discriminatedUnion(
  'report',
  [
    variant('weeklyBalance'),
    variant('newWeeklyBalance'),
    variant('playerStanding'),
    variant('playerHistory'),
    variant('playerPayments'),
    variant('agentPayments'),
    variant('subAgentPayments'),
    variant('cashFlow'),
    variant('openBets'),
    variant('gradedBets'),
    variant('changedBets'),
    variant('beatTheLine'),
    variant('actionByPlayer'),
    variant('agentTree'),
  ],
  { error: `report must be one of ${EXPORT_REPORTS.join(', ')}` },
);
export type ExportRequest = z.input<typeof ExportRequest>;
export type ExportFilters<R extends ExportReport> = z.input<(typeof EXPORT_SOURCES)[R]>;

export const exportReport = endpoint({
  ...EXPORT_ROUTE,
  summary:
    'A report table as a file (xlsx or csv, streamed): the same rows, scope and filters as the ' +
    'report\u2019s own endpoint, headers in the asked language, a title block and totals per currency.',
  body: ExportRequest,
  /** The file's bytes; errors before the first byte answer with the usual error body. */
  response: z.string(),
});
