// Export of any report table as a file: the report's own filters, streamed by the server as .xlsx or
// .csv, so the file holds exactly the rows the report's endpoint answers with.
import { z } from 'zod';
import { defaulted, endpoint } from '../core/endpoint.ts';
import { Language } from '../core/enums.ts';
import { EXPORT_REPORTS, type ExportReport } from '../report-names.ts';
import { weeklyBalance } from '../reports/weekly-balance.ts';
import { newWeeklyBalance } from '../reports/new-weekly-balance.ts';
import { playerStanding } from '../reports/player-standing.ts';
import { getPlayerHistoryReport } from '../reports/player-history.ts';
import { getPlayerPayments } from '../reports/player-payment.ts';
import { getAgentPayment, getReportAgentPayment } from '../reports/agent-payments.ts';
import { cashFlowReport } from '../reports/cash-flow.ts';
import { getChangedBetsReport, getGradedBetsReport, getOpenBets } from '../reports/wagers.ts';
import { getBeatTheLineFrame } from '../reports/beat-the-line.ts';
import { getActionByPlayer } from '../reports/action-by-player.ts';
import { getAgentPlayerTree } from '../reports/agent-tree.ts';
import { PlayersRequest } from '../reports/players-request.ts';
import { MasterSheetRequest } from '../reports/master-sheet.ts';
import { PositionRequest } from '../reports/position.ts';
import { getHold } from '../reports/hold.ts';
import { getAuditLog } from '../reports/audit-log.ts';
import { getSharedDevices } from '../reports/shared-devices.ts';
import { EXPORT_ROUTE, ExportFormat } from './export-route.ts';

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
  players: PlayersRequest,
  masterSheet: MasterSheetRequest,
  position: PositionRequest,
  hold: input(getHold.body),
  auditLog: input(getAuditLog.body),
  sharedDevices: input(getSharedDevices.body),
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

/** One variant per exportable table, each with its own filters (the union keeps them apart). */
type Variant = { [R in ExportReport]: ReturnType<typeof variant<R>> }[ExportReport];

export const ExportRequest = z.discriminatedUnion(
  'report',
  EXPORT_REPORTS.map((report) => variant(report)) as [Variant, ...Variant[]],
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
