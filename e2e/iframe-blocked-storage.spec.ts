// The product as agent sites frame it in today's browsers: a cross-site frame where Chromium blocks
// third-party cookies and storage (sessionStorage throws there). Only partitioned cookies live, so
// the session must survive a reload through the one the server sets at log-in.
import { expect } from '@playwright/test';
import config from './playwright.config.ts';
import { AG1, appFrame, fillLogin, openBlockedFrame, signedOut as test } from './support.ts';

// Chromium's own third-party cookie blocking (what Chrome ships as "third-party cookies blocked"),
// named here so the test does not hang on whatever the browser's default is.
test.use({
  launchOptions: {
    ...config.use?.launchOptions,
    args: [...(config.use?.launchOptions?.args ?? []), '--enable-features=TrackingProtection3pcd'],
  },
});

test('a framed session survives reloads where third-party storage is blocked', async ({
  page,
  baseURL,
}) => {
  const frame = await openBlockedFrame(page, baseURL);

  await fillLogin(frame, AG1);
  await expect(frame.getByRole('heading', { name: 'Weekly balance' })).toBeVisible();
  // The token is in an HttpOnly cookie: neither the frame's script nor its address shows it.
  expect(await appFrame(page).evaluate(() => document.cookie)).not.toContain('bl_session');
  expect(appFrame(page).url()).not.toMatch(/Token/i);

  // Reloading the frame keeps the screen and the agent: the session comes back from the server.
  const resumed = () =>
    page.waitForResponse((r) => r.url().endsWith('/WebClient4Frames/ResumeSession'));
  let answer = resumed();
  await appFrame(page).evaluate(() => location.reload());
  expect((await (await answer).json()).Session).toMatchObject({ Kind: 'agent', Player: 'AG1' });
  await expect(frame.getByRole('heading', { name: 'Weekly balance' })).toBeVisible();
  await expect(frame.getByText(/\bAG1\b/).first()).toBeVisible();
  await expect(frame.getByRole('textbox', { name: 'Login' })).toHaveCount(0);

  // Reloading the agent site opens the frame at its log-in address: the agent goes straight in.
  answer = resumed();
  await page.reload();
  expect((await (await answer).json()).Session).toMatchObject({ Player: 'AG1' });
  await expect(frame.getByRole('heading', { name: 'Weekly balance' })).toBeVisible();

  // Log-out ends it for good: a reload then shows the log-in form.
  await frame.getByRole('button', { name: 'Log out' }).click();
  await expect(frame.getByRole('textbox', { name: 'Login' })).toBeVisible();
  answer = resumed();
  await appFrame(page).evaluate(() => location.reload());
  expect((await (await answer).json()).Session).toBeNull();
  await expect(frame.getByRole('textbox', { name: 'Login' })).toBeVisible();
  await expect(frame.getByRole('heading', { name: 'Weekly balance' })).toHaveCount(0);
});
