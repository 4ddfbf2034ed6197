// Issue 17's watch list in the browser: a player watched from the players list shows on /Watch with
// today, this week and the latest wagers, opens its page from there, and the screen fits a phone.
import { expect, type Page } from '@playwright/test';
import { join, resolve } from 'node:path';
import { openFromMenuBar, seriousViolations, test } from './support.ts';

const SHOTS = resolve(import.meta.dirname, '../test-results/screenshots');

async function setWatched(page: Page, login: string, watched: boolean): Promise<void> {
  await page.goto(`/Players?search=${login}`);
  const star = page
    .getByRole('table', { name: 'Players' })
    .getByRole('button', { name: `Watch ${login}` });
  if ((await star.getAttribute('aria-pressed')) !== String(watched)) await star.click();
  await expect(star).toHaveAttribute('aria-pressed', String(watched));
}

async function openWatch(page: Page, login: string, width: number): Promise<void> {
  await setWatched(page, login, true);
  if (width > 600) {
    await page.goto('/');
    await openFromMenuBar(page, 'Players', { name: 'Watch list' });
  } else {
    // navigation.spec.ts walks the phone's menu to every screen; here the address will do.
    await page.goto('/Watch');
  }
  await expect(page.getByRole('heading', { level: 1, name: 'Watch list' })).toBeVisible();
  const card = page.locator('.watch-card').filter({ hasText: login });
  await expect(card).toBeVisible();
  await expect(card.getByText('This week')).toBeVisible();
  await expect(card.getByText('Open wagers')).toBeVisible();
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(width);
  await page.screenshot({
    path: join(SHOTS, `watch-${width}.png`),
    fullPage: true,
    animations: 'disabled',
  });
  expect(await seriousViolations(page)).toEqual([]);
  await card.getByRole('link', { name: new RegExp(login) }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: new RegExp(`^${login}`) }),
  ).toBeVisible();
  await setWatched(page, login, false);
}

test('a watched player shows on the watch list and opens its page from there', async ({ page }) => {
  await openWatch(page, 'PL1004', 1280);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the watch list fits 390 px', async ({ page }) => {
    await openWatch(page, 'PL1005', 390);
  });
});
