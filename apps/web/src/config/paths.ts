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
  notFound: '/404',
  unauthorized: '/401',
} as const;
