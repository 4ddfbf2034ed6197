// Pictures for people to look at (not compared): login and weekly balance, desktop and phone.
import { expect } from '@playwright/test';
import { join, resolve } from 'node:path';
import { openWeeklyBalance, signedOut, test as signedIn } from './support.ts';

const DIR = resolve(import.meta.dirname, '../test-results/screenshots');
const SIZES = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

for (const viewport of SIZES) {
  signedOut.describe(`at ${viewport.width} px`, () => {
    signedOut.use({ viewport });
    signedOut('login screenshot', async ({ page }) => {
      await page.goto('/login?SiteId=1');
      await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
      await page.screenshot({
        path: join(DIR, `login-${viewport.width}.png`),
        animations: 'disabled',
      });
    });
  });

  signedIn.describe(`at ${viewport.width} px`, () => {
    signedIn.use({ viewport });
    signedIn('weekly balance screenshot', async ({ page }) => {
      await openWeeklyBalance(page);
      await page.screenshot({
        path: join(DIR, `weekly-balance-${viewport.width}.png`),
        fullPage: true,
        animations: 'disabled',
      });
    });
  });
}
