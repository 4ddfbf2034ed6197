// The risk desk in the browser (issue 19): with the simulated platform feeding the demo through the
// signed feed, a wager it places shows in /Live and moves /Position without a reload, at 1280 px
// and on a 390 px phone.
import { expect, type Page } from '@playwright/test';
import { markDocument, sameDocument, simulate, stopSimulator } from './simulator.ts';
import { logIn, signedOut as test, WIDTHS } from './support.ts';

const AGENT = { login: 'AG1SUB', password: 'demo-sub', siteId: 1 };

/** Nothing wider than the viewport: no sideways scrolling on a phone. */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

for (const { label, viewport } of WIDTHS) {
  test(`a wager the platform places shows in /Live without a reload, at ${label}`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await logIn(page, AGENT);
    await page.goto('/Live');
    await expect(page.getByRole('heading', { level: 1, name: 'Live ticker' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /^Live$/ })).toBeVisible({
      timeout: 20_000,
    });
    await markDocument(page);

    const prefix = `TICK${Date.now() % 100_000}X`;
    const simulator = simulate(baseURL as string, AGENT.login, prefix);
    try {
      const list = page.getByRole('list', { name: 'Latest wagers, newest first' });
      const row = list.getByRole('listitem').filter({ hasText: new RegExp(`${prefix}\\d+`) });
      await expect(row.first()).toBeVisible({ timeout: 60_000 });
      expect(await sameDocument(page)).toBe(true);
      expect(await fitsWidth(page)).toBe(true);

      // Paused, new wagers wait and are counted; resumed, they show.
      await page.getByRole('button', { name: 'Pause' }).click();
      const resume = page.getByRole('button', { name: /^Resume/ });
      await expect(resume).toBeVisible();
      await expect(resume).toHaveText(/Resume · \d+ new/, { timeout: 30_000 });
      const before = await row.count();
      await resume.click();
      await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
      expect(await row.count()).toBeGreaterThan(before);

      // A wager opens its detail, by keyboard too, and Escape closes it.
      await row.first().getByRole('button', { name: /^\S+$/ }).first().focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: /^Wager / });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText(new RegExp(`${prefix}\\d+`))).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      expect(await sameDocument(page)).toBe(true);
    } finally {
      await stopSimulator(simulator, test.info());
    }
    expect(simulator.output()).toMatch(/placed/i);
  });
}

// /Position is built beside this work (issue 19 item 2): its open book moves with the feed.
test('a wager the platform places moves /Position without a reload, at 1280 and 390 px', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(150_000);
  await logIn(page, AGENT);
  await page.goto('/Position');
  await expect(page.getByRole('heading', { level: 1, name: 'Position' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0, {
    timeout: 20_000,
  });
  // The book's totals over every game (none while the book is empty).
  const totals = () =>
    page
      .getByLabel('Totals of every game')
      .innerText({ timeout: 1000 })
      .catch(() => '');
  const before = await totals();
  await markDocument(page);
  const simulator = simulate(baseURL as string, AGENT.login, `POS${Date.now() % 100_000}X`);
  try {
    await expect.poll(totals, { timeout: 60_000 }).not.toBe(before);
    expect(await sameDocument(page)).toBe(true);
    await page.setViewportSize({ width: 390, height: 844 });
    const narrow = await totals();
    await expect.poll(totals, { timeout: 40_000 }).not.toBe(narrow);
    expect(await fitsWidth(page)).toBe(true);
    expect(await sameDocument(page)).toBe(true);
  } finally {
    await stopSimulator(simulator, test.info());
  }
});
