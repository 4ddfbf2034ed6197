// The money screens of issue 4 as MASTER and as the sub-agent AG1SUB: each opened from the
// navigation at desktop and phone width, filters changed, a player payment entered once (however
// often the button is pressed) and then found in the list and in the player's history.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { fillLogin, seriousViolations } from './support.ts';

const SCREENS = [
  { link: 'Weekly balance by agent', path: '/NewWeeklyBalance' },
  { link: 'Player standing', path: '/PlayerStanding' },
  { link: 'Player history', path: '/PlayerHistory' },
  { link: 'Player payments', path: '/PlayerPayment' },
  { link: 'Agent payments', path: '/AgentPayments' },
  { link: 'Cash flow', path: '/CashFlow' },
] as const;

const HEADINGS: Record<(typeof SCREENS)[number]['path'], RegExp> = {
  '/NewWeeklyBalance': /^Weekly balance by agent/,
  '/PlayerStanding': /^Player standing/,
  '/PlayerHistory': /^Player history/,
  '/PlayerPayment': /^Player payments/,
  '/AgentPayments': /^Agent payments/,
  '/CashFlow': /^Cash flow/,
};

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** One log-in per role and file: the server limits log-ins, and every test here reuses the tab. */
async function signIn(browser: Browser, login: string, password: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: process.env.BACKLINE_URL,
    viewport: DESKTOP,
  });
  const page = await context.newPage();
  await page.goto('/login?SiteId=1');
  await fillLogin(page, { login, password });
  await expect(page).toHaveURL(/\/WeeklyBalance(\?|$)/);
  return page;
}

async function openFromNav(page: Page, link: string): Promise<void> {
  // At phone width the links sit behind the menu button.
  if ((page.viewportSize()?.width ?? DESKTOP.width) <= 760) {
    await page.getByRole('button', { name: 'Menu' }).click();
  }
  await page.getByRole('navigation').getByRole('link', { name: link, exact: true }).click();
}

/** The screen has settled: a table, a chart, an empty state or the player picker is shown. */
async function settled(page: Page, path: keyof typeof HEADINGS): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: HEADINGS[path] })).toBeVisible();
  await expect(page.locator('.table-skeleton')).toHaveCount(0);
  await expect(
    page
      .getByRole('table')
      .or(page.getByRole('status').filter({ hasText: /No |Type a player/ }))
      .first(),
  ).toBeVisible();
}

async function pageScrollWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

for (const role of [
  { login: 'MASTER', password: 'demo-master', amount: '7.13', shown: '$7.13' },
  { login: 'AG1SUB', password: 'demo-sub', amount: '3.21', shown: '$3.21' },
]) {
  test.describe.serial(`money screens as ${role.login}`, () => {
    let page: Page;

    test.beforeAll(async ({ browser }) => {
      test.setTimeout(90_000);
      page = await signIn(browser, role.login, role.password);
    });

    test.afterAll(async () => {
      await page?.context().close();
    });

    test('each screen opens from the navigation at 1280 and 390 px', async () => {
      test.setTimeout(150_000);
      for (const screen of SCREENS) {
        await page.setViewportSize(DESKTOP);
        await openFromNav(page, screen.link);
        await expect(page).toHaveURL(new RegExp(`${screen.path}(\\?|$)`));
        await settled(page, screen.path);
        if (role.login === 'MASTER') expect(await seriousViolations(page), screen.path).toEqual([]);

        await page.setViewportSize(PHONE);
        await page.goto('/WeeklyBalance');
        await openFromNav(page, screen.link);
        await settled(page, screen.path);
        // Wide tables scroll inside their own box; the page itself never scrolls sideways.
        expect(await pageScrollWidth(page), screen.path).toBeLessThanOrEqual(PHONE.width);
      }
      await page.setViewportSize(DESKTOP);
    });

    test('the weekly balance by agent: filters in the URL, blocks open and close', async () => {
      await page.goto('/NewWeeklyBalance');
      await settled(page, '/NewWeeklyBalance');
      await expect(page.getByRole('img', { name: /^Win\/loss by day/ }).first()).toBeVisible();
      await page.getByLabel('Active players only').click();
      await expect(page).toHaveURL(/activeOnly=1/);
      await page.getByLabel('In one currency').click();
      await expect(page).toHaveURL(/isCurrencyReport=1/);
      await expect(page.getByRole('note')).toContainText('converted into');
      const toggle = page.locator('.agent-block__toggle').first();
      const expanded = await toggle.getAttribute('aria-expanded');
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', expanded === 'true' ? 'false' : 'true');
      await expect(page.getByRole('row', { name: /^Totals/ }).first()).toBeVisible();
    });

    test('player standing: search and sort', async () => {
      await page.goto('/PlayerStanding');
      await settled(page, '/PlayerStanding');
      const table = page.getByRole('table');
      const login = (await table.locator('tbody .player__login').first().innerText()).trim();
      await page.getByLabel('Search players').fill(login);
      await expect(page.getByText(/^Showing \d+ of \d+ players$/)).toBeVisible();
      await table.getByRole('button', { name: 'Balance' }).click();
      await expect(table.getByRole('columnheader', { name: 'Balance' })).toHaveAttribute(
        'aria-sort',
        'descending',
      );
      await page.getByLabel('Active players only').click();
      await expect(page).toHaveURL(/activeOnly=1/);
    });

    test('a player payment posts once and shows in the list and the history', async () => {
      await page.goto('/PlayerPayment');
      await settled(page, '/PlayerPayment');
      await page.getByRole('button', { name: 'Enter a payment' }).click();
      const form = page.getByRole('form', { name: 'New player payment' });
      await form.getByRole('searchbox', { name: 'Player' }).fill('PL1');
      const option = form
        .getByRole('list', { name: 'Matching players' })
        .getByRole('button')
        .first();
      const player = (await option.locator('.player__login').innerText()).trim();
      await option.click();
      await form.getByLabel(/^Amount/).fill(role.amount);
      await expect(form.getByText(`Will post ${role.shown}`)).toBeVisible();
      await form.getByLabel('Note').fill(`e2e ${role.login}`);
      // A double click sends at most one request per key; the server stores one payment either way.
      await form.getByRole('button', { name: 'Record payment' }).dblclick();
      await expect(
        page
          .getByRole('status')
          .filter({ hasText: `Receipt of ${role.shown} from ${player} recorded.` }),
      ).toBeVisible();
      await expect(form).toBeHidden();

      const rows = page.getByRole('row').filter({ hasText: `e2e ${role.login}` });
      await expect(rows).toHaveCount(1);
      await expect(rows).toContainText(role.shown);

      await rows.getByRole('link', { name: new RegExp(`^${player}`) }).click();
      await expect(page).toHaveURL(/\/PlayerHistory\?idPlayer=\d+/);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(player);
      await expect(page.getByRole('row').filter({ hasText: role.shown }).first()).toBeVisible();
      await page.getByLabel('Transaction type').selectOption({ label: 'Payment' });
      await expect(page).toHaveURL(/transactionType=1/);
      await expect(page.getByRole('row').filter({ hasText: role.shown }).first()).toBeVisible();
      await expect(page.getByRole('row', { name: /^Closing balance/ })).toBeVisible();
    });

    test('agent payments and cash flow: tabs and periods', async () => {
      await page.goto('/AgentPayments');
      await settled(page, '/AgentPayments');
      await page.getByRole('tab', { name: 'Across sub-agents' }).click();
      await expect(page).toHaveURL(/tab=subAgents/);
      await expect(page.getByRole('tab', { name: 'Across sub-agents' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await page.getByLabel('Period').selectOption({ label: 'This month' });
      await expect(page).toHaveURL(/period=6/);
      await settled(page, '/AgentPayments');

      await page.goto('/CashFlow');
      await settled(page, '/CashFlow');
      await page.getByLabel('Period').selectOption({ label: 'Custom dates' });
      await expect(page).toHaveURL(/startDate=\d{4}-\d{2}-\d{2}&endDate=/);
      await page.getByLabel('Period').selectOption({ label: 'This month' });
      await expect(page).toHaveURL(/period=6/);
      await settled(page, '/CashFlow');
      await expect(page.getByRole('img', { name: /^Cash flow in/ }).first()).toBeVisible();
    });
  });
}
