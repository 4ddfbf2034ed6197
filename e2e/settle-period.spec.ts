// Agents settle the week on Monday: the screens where they do open on last week on a Monday in the
// site's zone, and on this week the rest of the week. The browser's clock is moved to a Monday; the
// demo's server keeps its own (last week is the same week from either day).
import { expect, type Page } from '@playwright/test';
import { test } from './support.ts';

const MONDAY = new Date('2026-11-16T14:00:00Z'); // 09:00 in New York, site 1
const SETTLING = ['/WeeklyBalance', '/NewWeeklyBalance', '/PlayerPayment', '/AgentPayments'];

const chosenPeriod = (page: Page) => page.getByLabel('Period').locator('option:checked');

test('on a Monday the weekly balances and payments open on last week, cash flow on this week', async ({
  page,
}) => {
  await page.clock.setSystemTime(MONDAY);
  for (const path of SETTLING) {
    await page.goto(path);
    await expect(chosenPeriod(page), path).toHaveText('Last week');
    await expect(page.getByText(/Nov 9/).first(), path).toBeVisible();
  }
  await page.goto('/CashFlow');
  await expect(chosenPeriod(page)).toHaveText('This week');
});

test('on the other days they open on this week', async ({ page }) => {
  for (const path of SETTLING) {
    await page.goto(path);
    await expect(chosenPeriod(page), path).toHaveText('This week');
  }
});
