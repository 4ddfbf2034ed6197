// Issue 20's shared-devices report in the browser: two players the platform saw log in from one
// device are one group, found under Players; each leads to its page, whose Log-ins tab shows the
// platform's log-in; at 1280 and 390 px.
import { expect } from '@playwright/test';
import { join, resolve } from 'node:path';
import {
  feedEvents,
  noSideScroll,
  openFromMenuBar,
  platformFeed,
  seriousViolations,
  test,
} from './support.ts';

const SHOTS = resolve(import.meta.dirname, '../test-results/screenshots');

test('groups two players on one device, and each leads to its log-ins', async ({
  page,
  request,
}) => {
  const tag = `SD${Date.now() % 100_000}`;
  const [a, b] = [`${tag}A`, `${tag}B`];
  const event = feedEvents(tag);
  await platformFeed(request, [
    event('player.created', '2026-11-02T15:00:00Z', {
      Player: a,
      Agent: 'AG1SUB',
      Name: 'Ann Same',
    }),
    event('player.created', '2026-11-02T15:00:00Z', {
      Player: b,
      Agent: 'AG1SUB',
      Name: 'Bo Same',
    }),
    event('player.login', '2026-11-03T15:00:00Z', {
      Player: a,
      Ip: '203.0.113.77',
      Country: 'US',
      Device: `${tag}-fingerprint`,
    }),
    event('player.login', '2026-11-04T15:00:00Z', {
      Player: b,
      Ip: '198.51.100.77',
      Device: `${tag}-fingerprint`,
    }),
  ]);

  await page.goto('/');
  await openFromMenuBar(page, 'Players', { name: 'Shared devices' });
  await expect(page.getByRole('heading', { name: 'Shared devices', level: 1 })).toBeVisible();
  await page.getByLabel('Shared', { exact: true }).selectOption({ label: 'Device' });
  await expect(page).toHaveURL(/[?&]kind=device/);
  const table = page.getByRole('table', { name: /^Shared addresses and devices/ });
  const group = table.locator('tbody tr').filter({ hasText: a });
  await expect(group).toContainText(b);
  await expect(group).toContainText('Device');
  await expect(page.getByRole('button', { name: /Export/ }).first()).toBeVisible();
  await page.screenshot({ path: join(SHOTS, 'shared-devices-1280.png'), fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);

  await group.getByRole('link', { name: new RegExp(`^${b}`) }).click();
  await expect(page).toHaveURL(/\/Player\?idPlayer=\d+/);
  await page.getByRole('tab', { name: 'Log-ins', exact: true }).click();
  const logins = page.getByRole('table', { name: new RegExp(`^Log-ins of ${b}`) });
  await expect(logins.locator('tbody tr').first()).toContainText('Platform');
  await expect(logins.locator('tbody tr').first()).toContainText('198.51.100.77');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/SharedDevices?kind=device');
  await expect(
    page
      .getByRole('table', { name: /^Shared addresses and devices/ })
      .locator('tbody tr')
      .filter({ hasText: a }),
  ).toBeVisible();
  await noSideScroll(page);
  await page.screenshot({ path: join(SHOTS, 'shared-devices-390.png'), fullPage: true });
});
