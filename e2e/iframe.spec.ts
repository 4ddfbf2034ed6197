import { expect } from '@playwright/test';
import { embedUrl, fillLogin, signedOut as test, totalsRow } from './support.ts';

test('the app works framed by an agent site on another origin', async ({ page, baseURL }) => {
  await page.goto(embedUrl());
  expect(new URL(page.url()).origin).not.toBe(new URL(baseURL as string).origin);
  await expect(page.getByRole('heading', { name: 'Agent site' })).toBeVisible();

  const frame = page.frameLocator('iframe[title="Backline"]');
  await expect(frame.getByRole('heading', { name: 'Backline' })).toBeVisible();
  await fillLogin(frame);
  await expect(frame.getByRole('heading', { name: 'Weekly balance' })).toBeVisible();
  await expect(totalsRow(frame.getByRole('table'))).toBeVisible();
});
