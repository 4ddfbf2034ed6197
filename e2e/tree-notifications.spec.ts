// Issue 6 in the browser: the agent tree opened and searched, acting for a sub-agent and back, a
// notification pushed while the page is open, and marking all as viewed.
import { expect, type Page } from '@playwright/test';
import {
  cellsOf,
  logIn,
  money,
  openFromMenuBar,
  pageApi,
  SESSION_KEY,
  signedOut as test,
} from './support.ts';

/** Sends a notification to the whole site as the signed-in master, as its own page would. */
async function insertNotification(page: Page, title: string): Promise<void> {
  const status = await page.evaluate(
    async ({ key, title }) => {
      const session = JSON.parse(sessionStorage.getItem(key) ?? '{}') as {
        UserEmail: string;
        Token: string;
        SiteId: number;
      };
      const csrf = document.cookie
        .split(';')
        .map((c) => c.trim().split('='))
        .find(([k]) => k === 'bl_csrf')?.[1];
      const token = btoa(`${session.UserEmail}|${session.Token}|0|${session.SiteId}`);
      const response = await fetch('/api/reports/AgentSiteFrames/InsertNotification', {
        method: 'POST',
        headers: {
          Authorization: `Token ${token}`,
          'Content-Type': 'application/json',
          ...(csrf ? { 'X-CSRF-Token': decodeURIComponent(csrf) } : {}),
        },
        body: JSON.stringify({ Title: title, Body: 'Lines move at noon.' }),
      });
      return response.status;
    },
    { key: SESSION_KEY, title },
  );
  expect(status).toBe(200);
}

const unseenOf = async (page: Page) => {
  const label = await page
    .getByRole('link', { name: /^Notifications, \d+ unseen$/ })
    .getAttribute('aria-label');
  return Number(/(\d+)/.exec(label ?? '')?.[1]);
};

test('the tree opens, expands from the keyboard and finds a sub-agent', async ({ page }) => {
  await logIn(page);
  // The grouped menu (DESIGN.md §5): the Agents group, then its link.
  await openFromMenuBar(page, 'Agents', { name: 'Agent tree' });
  const tree = page.getByRole('tree');
  const ag1 = tree.getByRole('treeitem', { name: /^AG1\b/ }).first();
  await expect(ag1).toHaveAttribute('aria-expanded', 'false');
  await ag1.focus();
  await page.keyboard.press('ArrowRight');
  await expect(ag1).toHaveAttribute('aria-expanded', 'true');
  await expect(tree.getByRole('treeitem', { name: /^AG1SUB\b/ })).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(ag1).toHaveAttribute('aria-expanded', 'false');

  await page.getByLabel('Search by login or name').fill('AG1SUB');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page
    .getByRole('button', { name: /AG1SUB/ })
    .first()
    .click();
  await expect(ag1).toHaveAttribute('aria-expanded', 'true');
  await expect(tree.getByRole('treeitem', { name: /^AG1SUB\b/ })).toBeFocused();
});

test('acting for a sub-agent shows its view and its figures until going back', async ({ page }) => {
  await logIn(page);
  const totals = page.locator('tfoot > tr');
  await expect(totals).not.toHaveCount(0);
  const masters = await totals.allInnerTexts();
  // AG2SUB's players are not paid, adjusted or bet for by another spec: its week holds still.
  const select = page.getByLabel('View as');
  const option = select.locator('option', { hasText: /^\s*AG2SUB\b/ });
  await expect(option).toHaveCount(1);
  await select.selectOption((await option.getAttribute('value')) ?? '');
  await expect(page.getByRole('status').filter({ hasText: /Viewing as AG2SUB/ })).toBeVisible();
  const stored = await page.evaluate((key) => sessionStorage.getItem(key), SESSION_KEY);
  expect(JSON.parse(stored ?? '{}').ActAs).toBeGreaterThan(0);

  // The weekly balance is now the sub-agent's: its totals are the server's for AG2SUB's week,
  // asked as the page asks (acting for AG2SUB), and they are not the master's.
  type Figures = Record<'Carry' | 'WeekTotal' | 'Payments' | 'Adjustments' | 'Ending', number>;
  const api = await pageApi(page);
  const week = await api.post<{
    Agent: string;
    Totals: (Figures & { Currency: string; Players: number; Days: number[] })[];
  }>('WeeklyBalance', { page: 1, pageSize: 100 });
  expect(week.Agent).toBe('AG2SUB');
  await expect(totals).toHaveCount(week.Totals.length);
  for (const [i, t] of week.Totals.entries()) {
    const amounts = [t.Carry, ...t.Days, t.WeekTotal, t.Payments, t.Adjustments, t.Ending];
    await expect(cellsOf(totals.nth(i))).toHaveText([
      t.Players === 1 ? /Its only player$/ : new RegExp(`All ${t.Players} players$`),
      ...amounts.map((m) => money(m, t.Currency, 'en-US')),
    ]);
  }
  expect(await totals.allInnerTexts()).not.toEqual(masters);

  await page.getByRole('button', { name: 'Back to MASTER' }).click();
  await expect(page.getByText(/Viewing as/)).toHaveCount(0);
  await expect(select).toHaveValue('0');
  await expect(totals.first()).not.toContainText(`All ${week.Totals[0]!.Players} players`);
});

test('a new notification arrives as a toast, and all are marked viewed', async ({ page }) => {
  await logIn(page);
  // The bell names a count only once the stream has sent it on connect.
  await expect(page.getByRole('link', { name: /^Notifications, \d+ unseen$/ })).toBeVisible();
  const before = await unseenOf(page);
  const title = `Limits change ${Date.now()}`;
  await insertNotification(page, title);
  await expect(page.getByText(title)).toBeVisible();
  await expect(
    page.getByRole('link', { name: `Notifications, ${before + 1} unseen` }),
  ).toBeVisible();

  await page.getByRole('link', { name: /^Notifications, \d+ unseen$/ }).click();
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await page.getByRole('button', { name: 'Mark all as viewed' }).click();
  await expect(page.getByText('No unseen notifications.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Notifications, 0 unseen' })).toBeVisible();
  await page.getByRole('tab', { name: 'Seen', exact: true }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
});
