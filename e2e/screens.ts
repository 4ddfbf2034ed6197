// What the screen baselines and the accessibility walk share: when a screen counts as drawn, and
// the browser's clock held still so that nothing on screen depends on when the run happens.
import { expect, type Page } from '@playwright/test';
import { DEMO_NOW } from './demo-clock.ts';

/**
 * The browser's "now" fixed at the seed's instant (timers still run, so the app works): dates the
 * browser computes read the same on every run, however long the run has taken to get here.
 */
export async function holdClock(page: Page): Promise<void> {
  await page.clock.setFixedTime(new Date(DEMO_NOW));
}

/**
 * The screen has its heading and its data: nothing loading (skeleton, busy body, spinner, status
 * line) and the fonts in place.
 */
export async function screenSettled(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('.table-skeleton, [aria-busy="true"], .spinner')).toHaveCount(0);
  // A section's first load is a status line that says so, in either language.
  await expect(page.getByRole('status').filter({ hasText: /^(Loading|Cargando)/ })).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}
