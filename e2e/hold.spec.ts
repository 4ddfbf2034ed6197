// Issue 19's hold report in the browser: found in the Risk menu, grouped and filtered with the
// choice in the URL, its chart by week, on a phone and framed by an agent site.
import { expect } from '@playwright/test';
import { join, resolve } from 'node:path';
import {
  logInFramed,
  noSideScroll,
  openFromMenuBar,
  seriousViolations,
  signedOut,
  test,
  totalsRow,
} from './support.ts';

const SHOTS = resolve(import.meta.dirname, '../test-results/screenshots');
const REPEATED_ROWS = '.hold-table tbody tr:nth-child(n+4)';

test('hold opens from the Risk menu, groups and filters in the URL, with its weekly chart', async ({
  page,
}) => {
  await page.goto('/');
  await openFromMenuBar(page, 'Risk', { name: 'Hold', exact: true });
  await expect(page.getByRole('heading', { name: 'Hold', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: /^Hold by sport/ });
  await expect(table.locator('tbody tr').first()).toBeVisible();
  await expect(totalsRow(table)).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Hold %' })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Handle and the book's net by week/ })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Hold % by week' }).getByRole('listitem').first(),
  ).toBeVisible();

  await page.getByLabel('Group by').selectOption({ label: 'Agent' });
  await expect(page).toHaveURL(/[?&]groupBy=agent/);
  await expect(
    page
      .getByRole('table', { name: /^Hold by agent/ })
      .locator('tbody tr')
      .first(),
  ).toContainText('AG');

  await page.getByLabel('Sport', { exact: true }).selectOption({ label: 'NFL' });
  await expect(page).toHaveURL(/[?&]sport=NFL/);
  await page.getByLabel('Group by').selectOption({ label: 'League' });
  const leagues = page.getByRole('table', { name: /^Hold by league/ });
  await expect(leagues.locator('tbody tr').first()).toBeVisible();
  for (const sport of await leagues.locator('tbody tr td:nth-child(2)').allInnerTexts())
    expect(sport).toBe('NFL');
  await expect(page.getByRole('button', { name: /Export/ }).first()).toBeVisible();
  await page.screenshot({
    path: join(SHOTS, 'hold-1280.png'),
    animations: 'disabled',
    fullPage: true,
  });
  expect(await seriousViolations(page, REPEATED_ROWS)).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('hold by player fits 390 px and each player leads to its history', async ({ page }) => {
    await page.goto('/Hold?groupBy=player');
    const table = page.getByRole('table', { name: /^Hold by player/ });
    await expect(table.locator('tbody tr').first()).toBeVisible();
    await expect(page.getByRole('img', { name: /by week/ })).toBeVisible();
    await noSideScroll(page);
    await page.screenshot({
      path: join(SHOTS, 'hold-390.png'),
      animations: 'disabled',
      fullPage: true,
    });
    await table.locator('tbody tr').first().getByRole('link').click();
    await expect(page).toHaveURL(/\/PlayerHistory\?idPlayer=\d+/);
  });
});

signedOut('hold works framed by an agent site on another origin', async ({ page }) => {
  const frame = await logInFramed(page);
  await openFromMenuBar(frame, 'Risk', { name: 'Hold', exact: true });
  const table = frame.getByRole('table', { name: /^Hold by sport/ });
  await expect(totalsRow(table)).toBeVisible();
  await expect(frame.getByRole('img', { name: /by week/ })).toBeVisible();
});
