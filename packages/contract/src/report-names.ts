// Every report by its one name, the same in each layer: the contract's reports/<name>.ts, the
// server's reports/<name>/ and the web's features/<name>/; with the tables each exports as a file,
// by the names an export request carries. Kept apart from the schemas: the web reads it cheaply.
export const REPORTS = {
  'weekly-balance': ['weeklyBalance'],
  'new-weekly-balance': ['newWeeklyBalance'],
  'player-standing': ['playerStanding'],
  'player-history': ['playerHistory'],
  'player-payment': ['playerPayments'],
  'agent-payments': ['agentPayments', 'subAgentPayments'],
  'cash-flow': ['cashFlow'],
  wagers: ['openBets', 'gradedBets', 'changedBets'],
  'beat-the-line': ['beatTheLine'],
  'action-by-player': ['actionByPlayer'],
  'agent-tree': ['agentTree'],
  players: ['players'],
  'master-sheet': ['masterSheet'],
  position: ['position'],
  hold: ['hold'],
  'audit-log': ['auditLog'],
  'shared-devices': ['sharedDevices'],
} as const;
export type ReportName = keyof typeof REPORTS;
export const REPORT_NAMES = Object.keys(REPORTS) as ReportName[];

/** The tables report N exports. */
export type ExportOf<N extends ReportName> = (typeof REPORTS)[N][number];
/** Every report table that can be exported; calls/export.ts maps each to its endpoint's filters. */
export type ExportReport = ExportOf<ReportName>;
export const EXPORT_REPORTS: readonly ExportReport[] = Object.values(REPORTS).flat();
