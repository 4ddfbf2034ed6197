// Live figures (issue 15 items 8 and 9): with the simulated platform feeding the demo through the
// signed feed, a wager it places shows in its agent's open bets without a reload, and the wager
// center keeps the same page (no navigation) while it changes.
import { expect } from '@playwright/test';
import { markDocument, sameDocument, simulate, stopSimulator } from './simulator.ts';
import { logIn, signedOut as test } from './support.ts';

const AGENT = { login: 'AG1SUB', password: 'demo-sub', siteId: 1 };

test('a wager the platform places shows in its agent’s open bets without a reload', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await logIn(page, AGENT);
  await page.goto('/WagerCenter');
  const open = page.getByRole('table', { name: 'Open wagers' });
  await expect(open.locator('tbody tr').first()).toBeVisible();
  await markDocument(page);

  const prefix = `LIVE${Date.now() % 100_000}X`;
  const simulator = simulate(baseURL as string, AGENT.login, prefix);
  try {
    await expect(open.getByText(new RegExp(`^${prefix}\\d+$`)).first()).toBeVisible({
      timeout: 60_000,
    });
    expect(await sameDocument(page)).toBe(true);
  } finally {
    await stopSimulator(simulator, test.info());
  }
  expect(simulator.output()).toMatch(/placed/i);
});
