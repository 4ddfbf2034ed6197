// Route paths in one place, so links, redirects and the router agree.
export const paths = {
  root: '/',
  login: '/login',
  weeklyBalance: '/WeeklyBalance',
  newWeeklyBalance: '/NewWeeklyBalance',
  players: '/Players',
  // Issue 17: one player's page (?idPlayer=…&tab=…), opened from the players list.
  player: '/Player',
  // Issue 17: the watched players, today and this week.
  watch: '/Watch',
  // Issue 19: the live ticker of the subtree's wagers.
  live: '/Live',
  // Issue 19: the open book per game, market and side, and the book's result if each side wins.
  position: '/Position',
  // Issue 19: hold % over a period by sport, league, agent or player.
  hold: '/Hold',
  // Issue 19: alert thresholds (own, inherited) and the log of alerts raised in the subtree.
  alerts: '/Alerts',
  // Issue 20: every agent and platform act of the site or subtree, with who, whence and before → after.
  auditLog: '/AuditLog',
  // Issue 20: players of the subtree who logged in from one address or one device.
  sharedDevices: '/SharedDevices',
  // Issue 20: where the account is signed in, ending any session, and its log-in history.
  sessions: '/Sessions',
  playerStanding: '/PlayerStanding',
  playerHistory: '/PlayerHistory',
  playerPayment: '/PlayerPayment',
  agentPayments: '/AgentPayments',
  cashFlow: '/CashFlow',
  wagerCenter: '/WagerCenter',
  deleteWager: '/DeleteWager',
  beatTheLine: '/beatTheLine',
  actionByPlayer: '/ActionByPlayer',
  exportExcel: '/ExportExcel',
  changePassword: '/ChangePassword',
  changeAgentPassword: '/ChangeAgentPassword',
  agentSignUp: '/AgentSignUp',
  agentSignUpGeneric: '/AgentSignUpGeneric',
  agentSignUps: '/AgentSignUps',
  agentNotifications: '/AgentNotifications',
  // Not in SPEC.md §2's route list: issue 6 asks for the agent and player tree in the navigation.
  agentTree: '/AgentTree',
  // Issue 17: what a parent sets for each sub-agent (rights, caps, new players' limits, products).
  agentSettings: '/AgentSettings',
  // Issue 17: requests for players' limits above an agent's cap, to decide or filed.
  limitRequests: '/LimitRequests',
  // Issue 18: the week's settle with each direct sub-agent, and their deals (decision 033).
  masterSheet: '/MasterSheet',
  // Issue 15: the master agent's keys, webhook address and delivery log for its platform.
  integration: '/Integration',
  // Issue 20: the agent's second step (authenticator app, recovery codes, passkeys) and the policy.
  security: '/Security',
  notFound: '/404',
  unauthorized: '/401',
} as const;
