import { expect } from '@playwright/test';
import { DAYS, firstDayButton, openWeeklyBalance, test, totalsRow } from './support.ts';

test.beforeEach(async ({ page }) => {
  await openWeeklyBalance(page);
});

test('filters: the four weeks and the agents', async ({ page }) => {
  const period = page.getByLabel('Period');
  await expect(period.locator('option')).toHaveText([
    'This week',
    'Last week',
    'Two weeks ago',
    'Three weeks ago',
  ]);
  await expect(page.getByLabel('Agent').locator('option')).not.toHaveCount(0);

  const before = page.url();
  await period.selectOption({ label: 'Last week' });
  // Filters live in the URL, so the chosen week survives a reload.
  await expect(page).not.toHaveURL(before);
  await page.reload();
  await expect(page.getByLabel('Period').locator('option:checked')).toHaveText('Last week');
  await expect(totalsRow(page)).toBeVisible();
});

test('the table has a column per day and a totals row', async ({ page }) => {
  const table = page.getByRole('table');
  // Day headers carry their date too ('Mon Nov 16').
  for (const name of ['Player', 'Carry', ...DAYS, 'Week', 'Payments', 'Adjustments', 'Ending']) {
    await expect(
      table.getByRole('columnheader', { name: new RegExp(`^${name}\\b`) }),
    ).toBeVisible();
  }
  await expect(totalsRow(table)).toBeVisible();
  // 300 seeded players: more than the totals row and the header.
  expect(await table.getByRole('row').count()).toBeGreaterThan(2);
});

test("a day cell opens the day's transactions", async ({ page }) => {
  const table = page.getByRole('table');
  const day = await firstDayButton(table);
  await day.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('row').or(dialog.getByRole('listitem')).first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  await day.click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
