// axe on every screen of the navigation, in English at 1280 px and in Spanish at 390 px (issue 22
// item 9): a serious or critical violation fails the run. The screens are the master's, who holds
// every right; the first test checks that list against the menu itself, so a new screen in the
// menu cannot go unchecked.
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { MASTER, newContext, seriousViolations, signedOut as test } from './support.ts';
import { screenSettled } from './screens.ts';

// Rows past the twentieth of a long report repeat the markup of the first ones.
const REPEATED_ROWS = 'tbody tr:nth-child(n+21)';

/** Every link of the master's menu (nav-items.ts), in its order. */
const MENU = [
  '/WeeklyBalance',
  '/NewWeeklyBalance',
  '/CashFlow',
  '/ExportExcel',
  '/WagerCenter',
  '/DeleteWager',
  '/Players',
  '/Watch',
  '/PlayerStanding',
  '/PlayerHistory',
  '/PlayerPayment',
  '/SharedDevices',
  '/AgentTree',
  '/AgentPayments',
  '/MasterSheet',
  '/AgentSettings',
  '/LimitRequests',
  '/ChangeAgentPassword',
  '/AgentSignUps',
  '/Live',
  '/Position',
  '/Hold',
  '/Alerts',
  '/beatTheLine',
  '/ActionByPlayer',
  '/AgentNotifications',
  '/Integration',
  '/AuditLog',
  '/ChangePassword',
  '/Security',
  '/Sessions',
];
/** Screens reached from others: a tab, and a player's page (`{player}`: the site's first player). */
const REACHED = ['/WagerCenter?tab=graded', '/Player?idPlayer={player}'];

const WALKS = [
  {
    name: 'in English at 1280 px',
    agent: MASTER,
    use: { viewport: { width: 1280, height: 800 }, locale: 'en-US' },
    labels: {
      language: 'English',
      login: 'Login',
      password: 'Password',
      submit: 'Log in',
      navigation: 'Main',
      menu: null,
    },
    landing: 'Weekly balance',
  },
  {
    name: 'in Spanish at 390 px',
    agent: { login: 'MASTER2', password: 'demo-master', siteId: 2 },
    use: { viewport: { width: 390, height: 844 }, locale: 'es-ES', isMobile: true, hasTouch: true },
    labels: {
      language: 'Español',
      login: 'Usuario o correo electrónico',
      password: 'Contraseña',
      submit: 'Entrar',
      navigation: 'Principal',
      // At phone width the menu is one button, named after the screen shown.
      menu: /^Menú/,
    },
    landing: 'Balance semanal',
  },
] as const;

type Walk = (typeof WALKS)[number];

/** Logs in through the form in the walk's language; the landing screen says it took. */
async function logInAs(page: Page, walk: Walk): Promise<void> {
  await page.goto(`/login?SiteId=${walk.agent.siteId}`);
  await page.getByLabel(/^(Language|Idioma)$/).selectOption({ label: walk.labels.language });
  await page.getByRole('textbox', { name: walk.labels.login }).fill(walk.agent.login);
  await page.getByLabel(walk.labels.password, { exact: true }).fill(walk.agent.password);
  await page.getByRole('button', { name: walk.labels.submit }).click();
  await expect(page.getByRole('heading', { level: 1, name: walk.landing })).toBeVisible();
}

test.describe.configure({ mode: 'parallel' });

for (const walk of WALKS) {
  test.describe(walk.name, () => {
    test.use(walk.use);

    test(`log-in ${walk.name}`, async ({ page }) => {
      await page.goto(`/login?SiteId=${walk.agent.siteId}`);
      await page.getByLabel(/^(Language|Idioma)$/).selectOption({ label: walk.labels.language });
      await expect(page.getByRole('button', { name: walk.labels.submit })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test.describe('signed in', () => {
      // One log-in per worker for the screens it checks (the server rightly limits log-ins).
      let context: BrowserContext;
      let page: Page;
      test.beforeAll(async ({ browser }) => {
        context = await newContext(browser, { ...walk.use, baseURL: process.env.BACKLINE_URL });
        page = await context.newPage();
        await logInAs(page, walk);
      });
      test.afterAll(async () => context?.close());

      test(`the menu holds the screens checked ${walk.name}`, async () => {
        // A light screen under the menu, so axe looks at the menu rather than a long report.
        await page.goto('/ChangePassword');
        await screenSettled(page);
        // At phone width the menu's links are there once its button has opened it.
        if (walk.labels.menu) await page.getByRole('button', { name: walk.labels.menu }).click();
        const menu = page.getByRole('navigation', { name: walk.labels.navigation });
        await expect(menu).toBeVisible();
        const links = await menu
          .locator('a[href]')
          .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
        expect(links).toEqual(MENU);
        // Checked as the agent meets it: on a phone, the open menu over the screen.
        expect(await seriousViolations(page)).toEqual([]);
      });

      for (const path of [...MENU, ...REACHED]) {
        test(`${path} ${walk.name}`, async () => {
          let target = path;
          if (path.includes('{player}')) {
            await page.goto('/Players');
            const first = page.locator('main a[href*="idPlayer="]').first();
            target = path.replace(
              '{player}',
              /idPlayer=(\d+)/.exec((await first.getAttribute('href'))!)![1]!,
            );
          }
          await page.goto(target);
          await screenSettled(page);
          expect(await seriousViolations(page, REPEATED_ROWS)).toEqual([]);
        });
      }
    });
  });
}

for (const status of ['404', '401']) {
  test(`${status} has no serious accessibility violation`, async ({ page }) => {
    await page.goto(`/${status}`);
    await expect(page.getByRole('heading', { name: `Error ${status}` })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}
