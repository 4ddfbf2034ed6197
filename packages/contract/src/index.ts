export * from './endpoint.ts';
export * from './ledger-description.ts';
export * from './enums.ts';
export * from './money.ts';
export * from './periods.ts';
export * from './token.ts';
export * from './endpoints/common.ts';
export * from './endpoints/auth.ts';
export * from './endpoints/session.ts';
export * from './endpoints/password.ts';
export * from './endpoints/sign-up.ts';
export * from './endpoints/weekly-balance.ts';
export * from './endpoints/money-reports.ts';
export * from './endpoints/wagers.ts';
export * from './endpoints/agents.ts';
export * from './endpoints/notifications.ts';
export * from './endpoints/assets.ts';
export * from './endpoints/export.ts';
export * from './endpoints/export-ticket.ts';
export * from './endpoints/webhooks.ts';
export * from './endpoints/platform-feed.ts';
export * from './endpoints/platform-keys.ts';

import * as auth from './endpoints/auth.ts';
import * as session from './endpoints/session.ts';
import * as password from './endpoints/password.ts';
import * as signUp from './endpoints/sign-up.ts';
import * as weekly from './endpoints/weekly-balance.ts';
import * as money from './endpoints/money-reports.ts';
import * as wagers from './endpoints/wagers.ts';
import * as agents from './endpoints/agents.ts';
import * as notifications from './endpoints/notifications.ts';
import * as assets from './endpoints/assets.ts';
import * as fileExport from './endpoints/export.ts';
import * as exportTickets from './endpoints/export-ticket.ts';
import * as webhooks from './endpoints/webhooks.ts';
import * as platformKeys from './endpoints/platform-keys.ts';

/** Every call of SPEC.md §7, keyed by name: the one list the server registers from and tests walk. */
export const api = {
  login: auth.login,
  agentLogin: auth.agentLogin,
  logout: auth.logout,
  resumeSession: auth.resumeSession,
  setPasswordByLink: auth.setPasswordByLink,
  issueLoginToken: auth.issueLoginToken,
  keepAlive: session.keepAlive,
  sendEmailChangePassword: password.sendEmailChangePassword,
  verifiedCodePass: password.verifiedCodePass,
  updatePassword: password.updatePassword,
  changeAgentsPassword: password.changeAgentsPassword,
  getAgentOnlinePasswordStatus: password.getAgentOnlinePasswordStatus,
  getAgentOnlinePasswordByEmail: password.getAgentOnlinePasswordByEmail,
  getAgentSignUpConfigurationBySite: signUp.getAgentSignUpConfigurationBySite,
  validateAgentInformation: signUp.validateAgentInformation,
  insertAgentSignUp: signUp.insertAgentSignUp,
  getAgentSignUps: signUp.getAgentSignUps,
  decideAgentSignUp: signUp.decideAgentSignUp,
  weeklyBalance: weekly.weeklyBalance,
  newWeeklyBalance: weekly.newWeeklyBalance,
  getWeeklyBalancePlayerDailyTransactions: weekly.getWeeklyBalancePlayerDailyTransactions,
  playerStanding: money.playerStanding,
  getPlayerHistoryReport: money.getPlayerHistoryReport,
  getPlayerPayments: money.getPlayerPayments,
  insertPlayerPayment: money.insertPlayerPayment,
  insertPlayerAdjustment: money.insertPlayerAdjustment,
  getAgentPayment: money.getAgentPayment,
  insertAgentPayment: money.insertAgentPayment,
  getReportAgentPayment: money.getReportAgentPayment,
  cashFlowReport: money.cashFlowReport,
  getCurrency: money.getCurrency,
  getOpenBetsReport: wagers.getOpenBetsReport,
  getOpenBets: wagers.getOpenBets,
  getGradedBetsReport: wagers.getGradedBetsReport,
  getChangedBetsReport: wagers.getChangedBetsReport,
  getWagerGameScore: wagers.getWagerGameScore,
  findWagerByTicket: wagers.findWagerByTicket,
  wagerDelete: wagers.wagerDelete,
  getBeatTheLineFrame: wagers.getBeatTheLineFrame,
  getActionByPlayer: wagers.getActionByPlayer,
  getAgentPlayerTree: agents.getAgentPlayerTree,
  getSubAgents: agents.getSubAgents,
  setAgentLanguage: agents.setAgentLanguage,
  getNotificationByAgentId: notifications.getNotificationByAgentId,
  getSeenNotificationByAgentId: notifications.getSeenNotificationByAgentId,
  markNotificationAsView: notifications.markNotificationAsView,
  markAllNotificationsAsView: notifications.markAllNotificationsAsView,
  insertNotification: notifications.insertNotification,
  notificationStreamTicket: notifications.notificationStreamTicket,
  notificationStream: notifications.notificationStream,
  i18n: assets.i18n,
  countries: assets.countries,
  geoLocation: assets.geoLocation,
  exportReport: fileExport.exportReport,
  exportTicket: exportTickets.exportTicket,
  exportDownload: exportTickets.exportDownload,
  getExportProgress: exportTickets.getExportProgress,
  exportCancel: exportTickets.exportCancel,
  getWebhookEndpoint: webhooks.getWebhookEndpoint,
  setWebhookEndpoint: webhooks.setWebhookEndpoint,
  rotateWebhookSecret: webhooks.rotateWebhookSecret,
  getWebhookDeliveries: webhooks.getWebhookDeliveries,
  resendWebhookDelivery: webhooks.resendWebhookDelivery,
  getIntegrationKeys: platformKeys.getIntegrationKeys,
  insertIntegrationKey: platformKeys.insertIntegrationKey,
  rotateIntegrationKey: platformKeys.rotateIntegrationKey,
  revokeIntegrationKey: platformKeys.revokeIntegrationKey,
} as const;
export type Api = typeof api;
export type EndpointName = keyof Api;

/** The build label of SPEC.md §9, logged to the console by the web app. */
export const BUILD_LABEL = 'v1.2.1';
