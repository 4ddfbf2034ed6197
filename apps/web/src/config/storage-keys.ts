// The tab's sessionStorage entries, named once: the store and the site memory read them, and the
// log-in shell's first script (apps/web/build/login-shell.ts) reads them before any module runs.
export const STORAGE_KEYS = {
  session: 'backline.session',
  playerSession: 'backline.playerSession',
  language: 'backline.language',
  siteId: 'backline.siteId',
} as const;
