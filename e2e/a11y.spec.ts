import { expect } from '@playwright/test';
import { openWeeklyBalance, seriousViolations, signedOut, test as signedIn } from './support.ts';

signedOut('login has no serious accessibility violation', async ({ page }) => {
  await page.goto('/login?SiteId=1');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

signedIn('weekly balance has no serious accessibility violation', async ({ page }) => {
  await openWeeklyBalance(page);
  expect(await seriousViolations(page)).toEqual([]);
});

for (const status of ['404', '401']) {
  signedOut(`${status} has no serious accessibility violation`, async ({ page }) => {
    await page.goto(`/${status}`);
    await expect(page.getByRole('heading', { name: `Error ${status}` })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}
