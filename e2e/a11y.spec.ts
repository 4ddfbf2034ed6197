import { AxeBuilder } from '@axe-core/playwright';
import { expect, test as signedOut, type Page } from '@playwright/test';
import { openWeeklyBalance, test as signedIn } from './support.ts';

async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    );
}

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
