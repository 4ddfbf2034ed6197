import { expect } from '@playwright/test';
import { MASTER, fillLogin, logIn, signedOut as test } from './support.ts';

test('the login page asks for a login and a password', async ({ page }) => {
  await page.goto('/login?SiteId=1');
  await expect(page.getByRole('heading', { name: 'Backline' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Login' })).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
});

test("a wrong password shows the server's message", async ({ page }) => {
  await page.goto('/login?SiteId=1');
  const answer = page.waitForResponse((r) => r.url().includes('/WebClient4Frames/Login'));
  await fillLogin(page, { login: MASTER.login, password: 'not-the-password' });
  const response = await answer;
  expect(response.status()).toBeGreaterThanOrEqual(400);
  const { Message } = (await response.json()) as { Message: string };
  expect(Message).toBeTruthy();
  await expect(page.getByRole('alert').filter({ hasText: Message })).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('the master agent lands on the weekly balance and can log out', async ({ page }) => {
  await logIn(page);
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  // The session is gone, not just hidden: the report sends back to the login page.
  await page.goto('/WeeklyBalance');
  await expect(page).toHaveURL(/\/login/);
});

test('an agent logs in with its e-mail as well as its login', async ({ page }) => {
  await page.goto('/login?SiteId=1');
  await fillLogin(page, { login: 'AG1@demo.backline.test', password: 'demo-agent' });
  await expect(page).toHaveURL(/\/WeeklyBalance(\?|$)/);
  await expect(page.getByRole('heading', { name: 'Weekly balance' })).toBeVisible();
  await expect(page.getByText(/\bAG1\b/).first()).toBeVisible();
});
