import { expect, test } from '@playwright/test';
import { logIn } from './support.ts';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('the weekly balance fits a phone and the menu is reachable', async ({ page }) => {
  await logIn(page);
  await expect(page.getByRole('row', { name: /^Totals/ })).toBeVisible();
  // Wide tables scroll inside their own box; the page itself must not scroll sideways.
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(390);

  const nav = page.getByRole('navigation');
  if (!(await nav.isVisible())) await page.getByRole('button', { name: /menu/i }).click();
  const firstLink = nav.getByRole('link').first();
  await expect(firstLink).toBeVisible();
  const box = await firstLink.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
});
