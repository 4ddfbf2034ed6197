import { expect } from '@playwright/test';
import { logIn, signedOut as test } from './support.ts';

// The server remembers an agent's language, so this spec has an agent no other spec logs in as.
const AG3 = { login: 'AG3', password: 'demo-agent', siteId: 1 };

test('the login screen switches between English and Spanish', async ({ page }) => {
  await page.goto('/login?SiteId=1');
  await expect(page.getByLabel('Language').locator('option')).toHaveText(['English', 'Español']);
  await page.getByLabel('Language').selectOption({ label: 'Español' });
  await expect(page.getByRole('textbox', { name: 'Usuario' })).toBeVisible();
  await expect(page.getByLabel('Contraseña', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();

  // The selector is labelled in the current language.
  await page.getByLabel('Idioma').selectOption({ label: 'English' });
  await expect(page.getByRole('textbox', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
});

test('the app switches language and keeps it after logging out', async ({ page }) => {
  await logIn(page, AG3);
  await page.getByLabel('Language').selectOption({ label: 'Español' });
  await expect(page.getByRole('heading', { name: 'Balance semanal' })).toBeVisible();

  await page.getByLabel('Idioma').selectOption({ label: 'English' });
  await expect(page.getByRole('heading', { name: 'Weekly balance' })).toBeVisible();

  await page.getByLabel('Language').selectOption({ label: 'Español' });
  await expect(page.getByRole('heading', { name: 'Balance semanal' })).toBeVisible();
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('textbox', { name: 'Usuario' })).toBeVisible();
  await expect(page.getByLabel('Contraseña', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();

  await page.getByLabel('Idioma').selectOption({ label: 'English' });
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
});
