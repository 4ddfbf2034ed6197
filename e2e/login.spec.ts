import { expect } from '@playwright/test';
import { MASTER, fillLogin, logIn, signedOut as test } from './support.ts';

test('the login page asks for a login and a password', async ({ page }) => {
  await page.goto('/login?SiteId=1');
  await expect(page.getByRole('heading', { name: 'Backline' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Login' })).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
});

for (const view of [
  // A wrong password for a real account, and an account that does not exist: the same answer.
  {
    label: 'English',
    login: MASTER.login,
    words: ['Login', 'Password', 'Log in'],
    refusal: 'Wrong login or password.',
  },
  {
    label: 'Español',
    login: 'NO-SUCH-AGENT',
    words: ['Usuario', 'Contraseña', 'Entrar'],
    refusal: 'Usuario o contraseña incorrectos.',
  },
]) {
  test(`a refused log-in answers 401 and says so in ${view.label}`, async ({ page }) => {
    await page.goto('/login?SiteId=1');
    await page.getByLabel(/^(Language|Idioma)$/).selectOption({ label: view.label });
    const [login, password, button] = view.words;
    const answer = page.waitForResponse((r) => r.url().includes('/WebClient4Frames/Login'));
    await page.getByRole('textbox', { name: login }).fill(view.login);
    await page.getByLabel(password!, { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: button }).click();
    const response = await answer;
    expect(response.status()).toBe(401);
    expect(await response.json()).toMatchObject({ Code: 'wrong_credentials' });
    // The code is worded in the page's language, not the server's English message.
    await expect(page.getByRole('alert')).toHaveText(view.refusal);
    await expect(page).toHaveURL(/\/login/);
  });
}

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
