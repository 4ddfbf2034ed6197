// Route paths in one place, so links, redirects and the router agree.
export const paths = {
  root: '/',
  login: '/login',
  weeklyBalance: '/WeeklyBalance',
  notFound: '/404',
  unauthorized: '/401',
} as const;
