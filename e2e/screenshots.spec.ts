// Pictures for people to look at (not compared): login and weekly balance, desktop and phone.
import { expect, test } from '@playwright/test';
import { join, resolve } from 'node:path';
import { logIn } from './support.ts';

const DIR = resolve(import.meta.dirname, '../test-results/screenshots');

for (const width of [1280, 390]) {
  test(`screenshots at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width > 600 ? 800 : 844 });
    await page.goto('/login?SiteId=1');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    await page.screenshot({ path: join(DIR, `login-${width}.png`), animations: 'disabled' });

    await logIn(page);
    await expect(page.getByRole('row', { name: /^Totals/ })).toBeVisible();
    await page.screenshot({
      path: join(DIR, `weekly-balance-${width}.png`),
      fullPage: true,
      animations: 'disabled',
    });
  });
}
