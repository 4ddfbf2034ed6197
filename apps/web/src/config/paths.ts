// Route paths in one place, so links, redirects and the router agree.
export const paths = {
  root: '/',
  login: '/login',
  weeklyBalance: '/WeeklyBalance',
  newWeeklyBalance: '/NewWeeklyBalance',
  playerStanding: '/PlayerStanding',
  playerHistory: '/PlayerHistory',
  playerPayment: '/PlayerPayment',
  agentPayments: '/AgentPayments',
  cashFlow: '/CashFlow',
  wagerCenter: '/WagerCenter',
  deleteWager: '/DeleteWager',
  beatTheLine: '/beatTheLine',
  actionByPlayer: '/ActionByPlayer',
  notFound: '/404',
  unauthorized: '/401',
} as const;
