// The log-in page comes with its form drawn (issue 14 item 9): it is on screen before any script
// runs, the app's form replaces it in the same place, and nothing typed or pressed meanwhile is lost.
import { expect, type Page } from '@playwright/test';
import { MASTER, signedOut as test } from './support.ts';

/** Holds back every script of the app until the returned function is called. */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Content Security Policy refusals the page reports (an inline part its hash does not allow). */
function cspRefusals(page: Page): string[] {
  const refusals: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refusals.push(message.text());
  });
  return refusals;
}

const shell = (page: Page) => page.locator('form[data-login-shell]');

test('the form is on screen before any script runs, and a log-in typed there is sent once the app runs', async ({
  page,
}) => {
  const refusals = cspRefusals(page);
  const release = await holdScripts(page);
  await page.goto('/login?SiteId=1');
  await expect(shell(page)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Backline' })).toBeVisible();
  // The site is in the address: the shell, like the app, does not ask for it.
  await expect(page.getByRole('spinbutton', { name: 'Site' })).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Login' }).fill(MASTER.login);
  await page.getByLabel('Password', { exact: true }).fill(MASTER.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login\?SiteId=1$/);

  release();
  await expect(page).toHaveURL(/\/WeeklyBalance(\?|$)/);
  await expect(page.getByRole('heading', { name: 'Weekly balance' })).toBeVisible();
  expect(refusals).toEqual([]);
});

for (const width of [1280, 390]) {
  test(`at ${width} px the app's form takes the drawn form's place and keeps what was typed and the focus`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    const release = await holdScripts(page);
    await page.goto('/login?SiteId=1');
    const password = page.getByLabel('Password', { exact: true });
    await expect(shell(page)).toBeVisible();
    const drawn = await password.boundingBox();
    await page.getByRole('textbox', { name: 'Login' }).fill('AG1');
    await password.fill('typed before the app ran');

    release();
    await expect(shell(page)).toHaveCount(0);
    await expect(password).toHaveValue('typed before the app ran');
    await expect(password).toBeFocused();
    await expect(page.getByRole('textbox', { name: 'Login' })).toHaveValue('AG1');
    expect(await password.boundingBox()).toEqual(drawn);
  });
}

test('without a site in the address the drawn form asks for it, as the app does', async ({
  page,
}) => {
  const release = await holdScripts(page);
  await page.goto('/login');
  await expect(shell(page)).toBeVisible();
  await expect(page.getByRole('spinbutton', { name: 'Site' })).toHaveValue('1');
  release();
  await expect(shell(page)).toHaveCount(0);
  await expect(page.getByRole('spinbutton', { name: 'Site' })).toHaveValue('1');
});

test('a tab that chose Spanish never sees the English form', async ({ page }) => {
  await page.addInitScript(() => sessionStorage.setItem('backline.language', 'es'));
  const release = await holdScripts(page);
  await page.goto('/login?SiteId=1');
  await expect(page.locator('#root')).toBeEmpty();
  release();
  await expect(page.getByLabel('Contraseña', { exact: true })).toBeVisible();
  await expect(page.getByText('Password', { exact: true })).toHaveCount(0);
});

test('other screens come without the drawn form', async ({ page }) => {
  const release = await holdScripts(page);
  // Its entry script is held back, so the page never reaches its load event until released.
  await page.goto('/WeeklyBalance', { waitUntil: 'commit' });
  await expect(page.locator('#root')).toBeAttached();
  await expect(page.locator('#root')).toBeEmpty();
  release();
  // Not signed in: the app itself sends the visitor to its log-in form.
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
});
