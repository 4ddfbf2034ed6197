// What the specs share: the demo log-in and the way a user logs in, on a page or inside a frame.
import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';

export const MASTER = { login: 'MASTER', password: 'demo-master', siteId: 1 };
export const SESSION_KEY = 'backline.session';
export const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** The embedding site's address, set by global-setup.ts. */
export function embedUrl(): string {
  const url = process.env.BACKLINE_EMBED_URL;
  if (!url) throw new Error('BACKLINE_EMBED_URL is not set: run through e2e/playwright.config.ts');
  return url;
}

export async function fillLogin(
  root: Page | FrameLocator,
  credentials: { login: string; password: string } = MASTER,
): Promise<void> {
  await root.getByRole('textbox', { name: 'Login' }).fill(credentials.login);
  await root.getByLabel('Password', { exact: true }).fill(credentials.password);
  await root.getByRole('button', { name: 'Log in' }).click();
}

/** Logs in as the demo master agent of site 1 and waits for the landing screen. */
export async function logIn(page: Page): Promise<void> {
  await page.goto(`/login?SiteId=${MASTER.siteId}`);
  await fillLogin(page);
  await expect(page).toHaveURL(/\/WeeklyBalance(\?|$)/);
  await expect(page.getByRole('heading', { name: 'Weekly balance' })).toBeVisible();
}

/** The first non-zero day cell of the weekly balance: a button that opens the day's transactions. */
export async function firstDayButton(table: Locator): Promise<Locator> {
  await expect(table.getByRole('row', { name: /^Totals/ })).toBeVisible();
  const headers = (await table.getByRole('columnheader').allInnerTexts()).map((h) => h.trim());
  const monday = headers.findIndex((h) => /^Mon\b/.test(h));
  expect(monday, `a 'Mon' column among ${headers.join(', ')}`).toBeGreaterThan(0);
  const rows = table.getByRole('row').filter({ hasNot: table.page().getByRole('columnheader') });
  const count = await rows.count();
  for (let r = 0; r < count; r++) {
    const cells = rows
      .nth(r)
      .locator(':scope > :is(td, th, [role=cell], [role=gridcell], [role=rowheader])');
    for (let d = monday; d < monday + DAYS.length; d++) {
      const button = cells.nth(d).getByRole('button');
      if ((await button.count()) > 0) return button.first();
    }
  }
  throw new Error('No day cell of the weekly balance is a button (no non-zero day?)');
}
