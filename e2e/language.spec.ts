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

test('server refusals and ledger lines read in Spanish', async ({ page }) => {
  await page.goto('/login?SiteId=1');
  await page.getByLabel('Language').selectOption({ label: 'Español' });
  await page.getByRole('textbox', { name: 'Usuario' }).fill(AG3.login);
  await page.getByLabel('Contraseña', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Entrar' }).click();
  // The refusal's code is worded here, not the server's English message.
  await expect(page.getByText('Usuario o contraseña incorrectos.')).toBeVisible();
  await expect(page.getByText('Wrong login or password')).toHaveCount(0);

  await page.getByLabel('Contraseña', { exact: true }).fill(AG3.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/WeeklyBalance(\?|$)/);
  await page.getByLabel(/^(Language|Idioma)$/).selectOption({ label: 'Español' });
  await expect(page.getByRole('heading', { name: 'Balance semanal' })).toBeVisible();

  await page.goto('/PlayerHistory');
  await page.getByLabel('Buscar un jugador').fill('PL');
  await page
    .getByRole('list', { name: 'Jugadores que coinciden' })
    .getByRole('button')
    .first()
    .click();
  await expect(page).toHaveURL(/idPlayer=\d+/);
  const idPlayer = new URL(page.url()).searchParams.get('idPlayer');
  await page.goto(
    `/PlayerHistory?idPlayer=${idPlayer}&startDate=2026-08-01&endDate=2026-11-19&transactionType=2`,
  );
  // Each wager line is worded from its code: "Apuesta W000001234: Perdida", never "Wager ... loss".
  const lines = page.getByRole('cell', {
    name: /^Apuesta W\d{9}: (Ganada|Perdida|Empate|Sin acción)$/,
  });
  await expect(lines.first()).toBeVisible();
  await expect(page.getByRole('cell', { name: /^Wager W\d+/ })).toHaveCount(0);
  // Gradings the book posted by itself name no person, in the reader's language.
  await expect(page.getByRole('cell', { name: 'Automático', exact: true }).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: 'system', exact: true })).toHaveCount(0);
});
