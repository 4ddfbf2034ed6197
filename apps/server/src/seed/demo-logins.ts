// The demo log-ins the seed creates: shown in the start banner and the README, used by the tests.

export const DEMO_PASSWORDS = {
  master: 'demo-master',
  agent: 'demo-agent',
  sub: 'demo-sub',
  player: 'demo-player',
} as const;

export type DemoRole = 'master' | 'agent' | 'sub-agent' | 'player';

export interface DemoLogin {
  siteId: number;
  site: string;
  login: string;
  email: string;
  password: string;
  role: DemoRole;
  note: string;
}

export const DEMO_SITES = {
  1: 'Demo Book',
  2: 'Second Book',
} as const;

export const demoEmail = (login: string) => `${login.toLowerCase()}@demo.backline.test`;

const login = (
  siteId: 1 | 2,
  name: string,
  password: string,
  role: DemoRole,
  note: string,
): DemoLogin => ({
  siteId,
  site: DEMO_SITES[siteId],
  login: name,
  email: demoEmail(name),
  password,
  role,
  note,
});

export const DEMO_LOGINS: readonly DemoLogin[] = [
  login(
    1,
    'MASTER',
    DEMO_PASSWORDS.master,
    'master',
    'every right but view-only; sees the whole book',
  ),
  login(
    1,
    'AG1',
    DEMO_PASSWORDS.agent,
    'agent',
    'every right but view-only; three sub-agents below',
  ),
  login(
    1,
    'AG2',
    DEMO_PASSWORDS.agent,
    'agent',
    'reports, casino, payments, passwords; cannot delete wagers',
  ),
  login(1, 'AG3', DEMO_PASSWORDS.agent, 'agent', 'reports and payments only'),
  login(
    1,
    'AG1SUB',
    DEMO_PASSWORDS.sub,
    'sub-agent',
    'may delete wagers; owns PL1001; one sub-agent below',
  ),
  login(1, 'AG1SUB2', DEMO_PASSWORDS.sub, 'sub-agent', 'view-only'),
  login(1, 'AG2SUB', DEMO_PASSWORDS.sub, 'sub-agent', 'reports and casino'),
  login(1, 'AG1SUBA', DEMO_PASSWORDS.sub, 'sub-agent', 'third level, under AG1SUB'),
  login(1, 'PL1001', DEMO_PASSWORDS.player, 'player', 'frames log-in; a player of AG1SUB'),
  login(2, 'MASTER2', DEMO_PASSWORDS.master, 'master', 'master of the second site (EUR, Madrid)'),
  login(2, 'ESAG1', DEMO_PASSWORDS.agent, 'agent', 'may delete wagers'),
  login(2, 'ESAG2', DEMO_PASSWORDS.agent, 'agent', 'view-only'),
];
