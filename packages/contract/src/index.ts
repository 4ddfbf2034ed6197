// The contract: every call of the product, and the schemas and rules both sides share. A module is
// a report (reports/<name>.ts, named in report-names.ts) or other calls (calls/); adding one is an
// import, an `export *` and an entry in MODULES, from which `api` is built.
import { endpointsOf } from './core/endpoint.ts';
import * as weeklyBalance from './reports/weekly-balance.ts';
import * as newWeeklyBalance from './reports/new-weekly-balance.ts';
import * as playerStanding from './reports/player-standing.ts';
import * as playerHistory from './reports/player-history.ts';
import * as playerPayment from './reports/player-payment.ts';
import * as agentPayments from './reports/agent-payments.ts';
import * as cashFlow from './reports/cash-flow.ts';
import * as wagers from './reports/wagers.ts';
import * as beatTheLine from './reports/beat-the-line.ts';
import * as actionByPlayer from './reports/action-by-player.ts';
import * as agentTree from './reports/agent-tree.ts';
import * as players from './reports/players.ts';
import * as masterSheet from './reports/master-sheet.ts';
import * as position from './reports/position.ts';
import * as hold from './reports/hold.ts';
import * as auditLog from './reports/audit-log.ts';
import * as sharedDevices from './reports/shared-devices.ts';
import * as auth from './calls/auth.ts';
import * as session from './calls/session.ts';
import * as accounts from './calls/accounts.ts';
import * as signUp from './calls/sign-up.ts';
import * as agents from './calls/agents.ts';
import * as currency from './calls/currency.ts';
import * as notifications from './calls/notifications.ts';
import * as assets from './calls/assets.ts';
import * as fileExport from './calls/export.ts';
import * as exportTickets from './calls/export-ticket.ts';
import * as exportStart from './calls/export-start.ts';
import * as webhooks from './calls/webhooks.ts';
import * as platformKeys from './calls/platform-keys.ts';
import * as playerLimits from './calls/player-limits.ts';
import * as playerAccount from './calls/player-account.ts';
import * as playerFreePlay from './calls/player-free-play.ts';
import * as playerCreate from './calls/player-create.ts';
import * as agentCreate from './calls/agent-create.ts';
import * as agentSettings from './calls/agent-settings.ts';
import * as watchList from './calls/watch-list.ts';
import * as playerAnalysis from './calls/player-analysis.ts';
import * as limitRequests from './calls/limit-requests.ts';
import * as alerts from './calls/alerts.ts';
import * as live from './calls/live.ts';
import * as sessions from './calls/sessions.ts';
import * as loginHistory from './calls/login-history.ts';
import * as secondStep from './calls/second-step.ts';
import * as passkeys from './calls/passkeys.ts';

export * from './core/endpoint.ts';
export * from './core/ledger-description.ts';
export * from './core/enums.ts';
export * from './core/money.ts';
export * from './core/periods.ts';
export * from './core/token.ts';
export * from './core/common.ts';
export * from './core/limits.ts';
export * from './report-names.ts';
export * from './reports/weekly-balance.ts';
export * from './reports/new-weekly-balance.ts';
export * from './reports/player-standing.ts';
export * from './reports/player-history.ts';
export * from './reports/player-payment.ts';
export * from './reports/agent-payments.ts';
export * from './reports/cash-flow.ts';
export * from './reports/wagers.ts';
export * from './reports/beat-the-line.ts';
export * from './reports/action-by-player.ts';
export * from './reports/agent-tree.ts';
export * from './reports/players.ts';
export * from './reports/master-sheet.ts';
export * from './reports/position.ts';
export * from './reports/hold.ts';
export * from './reports/audit-log.ts';
export * from './reports/shared-devices.ts';
export * from './calls/auth.ts';
export * from './calls/session.ts';
export * from './calls/accounts.ts';
export * from './calls/sign-up.ts';
export * from './calls/agents.ts';
export * from './calls/currency.ts';
export * from './calls/notifications.ts';
export * from './calls/assets.ts';
export * from './calls/export.ts';
export * from './calls/export-ticket.ts';
export * from './calls/export-start.ts';
export * from './calls/webhooks.ts';
export * from './calls/platform-feed.ts';
export * from './calls/platform-keys.ts';
export * from './calls/player-limits.ts';
export * from './calls/player-account.ts';
export * from './calls/player-free-play.ts';
export * from './calls/player-create.ts';
export * from './calls/agent-create.ts';
export * from './calls/agent-settings.ts';
export * from './calls/watch-list.ts';
export * from './calls/player-analysis.ts';
export * from './calls/limit-requests.ts';
export * from './calls/alerts.ts';
export * from './calls/live.ts';
export * from './calls/sessions.ts';
export * from './calls/login-history.ts';
export * from './calls/second-step.ts';
export * from './calls/passkeys.ts';

/** Every module whose calls the server registers; the platform feed has its own (platformApi). */
const MODULES = [
  weeklyBalance,
  newWeeklyBalance,
  playerStanding,
  playerHistory,
  playerPayment,
  agentPayments,
  cashFlow,
  wagers,
  beatTheLine,
  actionByPlayer,
  agentTree,
  players,
  masterSheet,
  hold,
  position,
  auditLog,
  sharedDevices,
  auth,
  session,
  accounts,
  signUp,
  agents,
  currency,
  notifications,
  assets,
  fileExport,
  exportTickets,
  exportStart,
  webhooks,
  platformKeys,
  playerLimits,
  playerAccount,
  playerFreePlay,
  playerCreate,
  agentCreate,
  agentSettings,
  watchList,
  playerAnalysis,
  limitRequests,
  alerts,
  live,
  sessions,
  loginHistory,
  passkeys,
  secondStep,
] as const;

/** Every call of SPEC.md §7, keyed by name: the one list the server registers from and tests walk. */
export const api = endpointsOf(...MODULES);
export type Api = typeof api;
export type EndpointName = keyof Api;

/** The build label of SPEC.md §9, logged to the console by the web app. */
export const BUILD_LABEL = 'v1.2.1';
