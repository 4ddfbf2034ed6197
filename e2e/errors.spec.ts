import { expect, type Page } from '@playwright/test';
import { SESSION_KEY, openWeeklyBalance, test } from './support.ts';

const storedSession = (page: Page) =>
  page.evaluate((key) => sessionStorage.getItem(key), SESSION_KEY);

test('an unknown path lands on 404, which discards the session', async ({ page }) => {
  await openWeeklyBalance(page);
  expect(await storedSession(page)).not.toBeNull();
  await page.goto('/nope');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByRole('heading', { name: 'Error 404' })).toBeVisible();
  await expect(page.getByText('Page Not Found')).toBeVisible();
  expect(await storedSession(page)).toBeNull();
});

test('401 says Unauthorized and discards the session', async ({ page }) => {
  await openWeeklyBalance(page);
  expect(await storedSession(page)).not.toBeNull();
  await page.goto('/401');
  await expect(page.getByRole('heading', { name: 'Error 401' })).toBeVisible();
  await expect(page.getByText('Unauthorized')).toBeVisible();
  expect(await storedSession(page)).toBeNull();
});
