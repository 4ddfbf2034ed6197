// Every report's module, by the report's name: the one list app.ts registers from. The compiler asks
// for a module per report of the contract's REPORTS, and for every table each one exports.
import type { FastifyInstance } from 'fastify';
import type { ReportName } from '@backline/contract';
import type { Config } from '../config.ts';
import type { Db } from '../db/query.ts';
import type { ExportSources } from '../export/export-source.ts';
import type { ReportDeps, ReportModule } from './report-module.ts';
import { weeklyBalance } from './weekly-balance/index.ts';
import { newWeeklyBalance } from './new-weekly-balance/index.ts';
import { playerStanding } from './player-standing/index.ts';
import { playerHistory } from './player-history/index.ts';
import { playerPayment } from './player-payment/index.ts';
import { agentPayments } from './agent-payments/index.ts';
import { cashFlow } from './cash-flow/index.ts';
import { wagers } from './wagers/index.ts';
import { beatTheLine } from './beat-the-line/index.ts';
import { actionByPlayer } from './action-by-player/index.ts';
import { agentTree } from './agent-tree/index.ts';
import { players } from './players/index.ts';
import { masterSheet } from './master-sheet/index.ts';
import { hold } from './hold/index.ts';
import { position } from './position/index.ts';
import { auditLog } from './audit-log/index.ts';
import { sharedDevices } from './shared-devices/index.ts';

export const REPORT_MODULES: { [N in ReportName]: ReportModule<N> } = {
  'weekly-balance': weeklyBalance,
  'new-weekly-balance': newWeeklyBalance,
  'player-standing': playerStanding,
  'player-history': playerHistory,
  'player-payment': playerPayment,
  'agent-payments': agentPayments,
  'cash-flow': cashFlow,
  wagers,
  'beat-the-line': beatTheLine,
  'action-by-player': actionByPlayer,
  'agent-tree': agentTree,
  players,
  'master-sheet': masterSheet,
  hold,
  position,
  'audit-log': auditLog,
  'shared-devices': sharedDevices,
};

/** Registers every report's service and routes; answers the source of every exportable table. */
export function registerReports(
  app: FastifyInstance,
  config: Config,
  deps: ReportDeps & { reportsDb: Db },
): ExportSources {
  const sources: Partial<ExportSources> = {};
  for (const report of Object.values(REPORT_MODULES)) {
    Object.assign(sources, report.register(app, config, deps));
  }
  // Complete: each module answers its own tables (typed by REPORTS), and every report has one.
  return sources as ExportSources;
}
