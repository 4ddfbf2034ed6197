import { expect } from '@playwright/test';
import { openWeeklyBalance, test } from './support.ts';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('the weekly balance fits a phone and the menu is reachable', async ({ page }) => {
  await openWeeklyBalance(page);
  // Wide tables scroll inside their own box; the page itself must not scroll sideways.
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(390);

  const menu = page.getByRole('button', { name: 'Menu' });
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  const link = page
    .getByRole('navigation')
    .getByRole('link', { name: 'Weekly balance', exact: true });
  await expect(link).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  const box = await link.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
});
