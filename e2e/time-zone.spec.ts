// Times are read in the site's zone whatever the browser's is, and the zone is named on screen:
// a browser in Tokyo looks at a New York book (site 1).
import { expect } from '@playwright/test';
import { test } from './support.ts';

const SITE_ZONE = 'America/New_York';
test.use({ timezoneId: 'Asia/Tokyo' });

test('a Tokyo browser sees the New York book’s times in New York time, the zone named', async ({
  page,
}) => {
  const answer = page.waitForResponse((r) => r.url().includes('/GetPlayerPayments') && r.ok());
  await page.goto('/PlayerPayment');
  const { Rows } = (await (await answer).json()) as { Rows: { CreatedAt: string }[] };
  expect(Rows.length, 'payments in the default period').toBeGreaterThan(0);
  const at = new Date(Rows[0]!.CreatedAt);
  const clock = (timeZone: string) =>
    new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit', timeZone }).format(at);
  const shown = new Intl.DateTimeFormat('en-US', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: SITE_ZONE,
    timeZoneName: 'short',
  }).format(at);
  // The zones are 14 hours apart: the two readings can never be the same text.
  expect(clock(SITE_ZONE)).not.toBe(clock('Asia/Tokyo'));

  const table = page.getByRole('table').first();
  await expect(table).toContainText(shown);
  // "Nov 16 – 22, 2026 · America/New_York" (a screen reader hears "Time zone:" before the name).
  await expect(page.locator('.report__period')).toHaveText(
    /\d{4} · (Time zone: )?America\/New_York$/,
  );
  // And the browser's own zone really is Tokyo's, so the page chose the site's.
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(
    'Asia/Tokyo',
  );
});
