// Issue 17's players list in the browser: found from the menu, sorted and filtered on the server
// with the choice in the URL, a player watched and unwatched, and the screen on a phone.
import { expect, type Page } from '@playwright/test';
import { join, resolve } from 'node:path';
import { openFromMenuBar, seriousViolations, test } from './support.ts';

const SHOTS = resolve(import.meta.dirname, '../test-results/screenshots');
const REPEATED_ROWS = '.players-table tbody tr:nth-child(n+4)';
const table = (page: Page) => page.getByRole('table', { name: 'Players' });

async function openPlayers(page: Page, query = ''): Promise<void> {
  await page.goto(`/Players${query}`);
  await expect(page.getByRole('heading', { name: 'Players', level: 1 })).toBeVisible();
  await expect(table(page).locator('tbody tr').first()).toBeVisible();
}

test('the players list opens from the menu, sorts and filters on the server', async ({ page }) => {
  await page.goto('/');
  await openFromMenuBar(page, 'Players', { name: 'Players', exact: true });
  await expect(page.getByRole('heading', { name: 'Players', level: 1 })).toBeVisible();
  await expect(page.getByText(/^[\d,]+ players$/)).toBeVisible();
  await expect(table(page).locator('tbody tr')).toHaveCount(50);

  const balance = table(page).getByRole('columnheader', { name: 'Balance' });
  await balance.getByRole('button').click();
  await expect(page).toHaveURL(/[?&]sort=balance/);
  await expect(balance).toHaveAttribute('aria-sort', 'descending');

  const everyone = Number(
    (await page.getByText(/^[\d,]+ players$/).innerText()).replace(/\D/g, ''),
  );
  await page.getByLabel('Show').selectOption({ label: 'With a balance' });
  await expect(page).toHaveURL(/[?&]filter=withBalance/);
  await expect(page).toHaveURL(/[?&]sort=balance/);
  await expect
    .poll(async () => {
      const text = await page.getByText(/^[\d,]+ players?$/).innerText();
      return Number(text.replace(/\D/g, ''));
    })
    .toBeLessThan(everyone);
  // Other tests move balances, so who is over the limit varies: every row shown is, or the filter
  // says there is nobody rather than show an empty table.
  await page.getByLabel('Show').selectOption({ label: 'Over limit' });
  await expect(page).toHaveURL(/[?&]filter=overLimit/);
  await expect
    .poll(async () => {
      if (await page.getByText('No players match these filters').isVisible()) return true;
      const rows = table(page).locator('tbody tr');
      const n = await rows.count();
      return n > 0 && (await rows.filter({ hasText: 'Over limit' }).count()) === n;
    })
    .toBe(true);
  await page.getByLabel('Show').selectOption({ label: 'All players' });
  await expect(table(page).locator('tbody tr')).toHaveCount(50);
  await page.screenshot({ path: join(SHOTS, 'players-1280.png'), animations: 'disabled' });
  expect(await seriousViolations(page, REPEATED_ROWS)).toEqual([]);
});

test('a player is watched from the list, found by the watched filter, and unwatched', async ({
  page,
}) => {
  await openPlayers(page, '?search=PL1002');
  const row = table(page).locator('tbody tr').filter({ hasText: 'PL1002' }).first();
  const star = row.getByRole('button', { name: 'Watch PL1002' });
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('PL1002 is on the watch list.')).toBeVisible();

  await openPlayers(page, '?filter=watched');
  await expect(table(page).locator('tbody tr')).toHaveCount(1);
  await expect(table(page)).toContainText('PL1002');

  const again = table(page).getByRole('button', { name: 'Watch PL1002' });
  await again.click();
  await expect(page.getByText('PL1002 is off the watch list.')).toBeVisible();
  await expect(page.getByText('No players match these filters')).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('/Players fits 390 px without scrolling the page sideways', async ({ page }) => {
    await openPlayers(page);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(390);
    await page.screenshot({ path: join(SHOTS, 'players-390.png'), animations: 'disabled' });
  });
});
