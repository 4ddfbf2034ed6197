// Issue 17's player page in the browser, at desk and phone width: opened from the players list,
// limits set, an adjustment entered through its confirm step, free play granted, a message sent,
// a product turned off, and each change read back in the player's history.
import { expect, type Page } from '@playwright/test';
import { join, resolve } from 'node:path';
import { openFromMenuBar, seriousViolations, test } from './support.ts';

const SHOTS = resolve(import.meta.dirname, '../test-results/screenshots');

async function openPlayer(page: Page, login: string): Promise<void> {
  await page.goto(`/Players?search=${login}`);
  await page.getByRole('table', { name: 'Players' }).getByRole('link', { name: login }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: new RegExp(`^${login}`) }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/Player\?idPlayer=\d+/);
}

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });

async function runPlayer(page: Page, login: string, width: number): Promise<void> {
  await openPlayer(page, login);

  // Limits: a maximum per wager type, typed in the reader's notation.
  await expect(tab(page, 'Limits')).toHaveAttribute('aria-selected', 'true');
  const maxStraight = page.getByLabel('Maximum Straight');
  await maxStraight.fill('250,5');
  await page.getByRole('button', { name: 'Save limits' }).click();
  await expect(
    page
      .getByText(/not where/i)
      .or(page.locator('.field__error'))
      .first(),
  ).toBeVisible();
  await maxStraight.fill('250.50');
  await page.getByRole('button', { name: 'Save limits' }).click();
  await expect(page.getByText(`Limits of ${login} saved.`)).toBeVisible();
  await expect(maxStraight).toHaveValue('250.50');

  // Balance: an adjustment, checked on the confirm step before it posts.
  await tab(page, 'Balance').click();
  const balanceBefore = await page.locator('.player-page__figure').first().innerText();
  await page.getByRole('button', { name: 'Enter an adjustment' }).click();
  await page.getByLabel(/^Amount/).fill('12.50');
  await page.getByLabel('Reason', { exact: true }).fill('Goodwill for a late grade');
  await page.getByRole('button', { name: 'Record adjustment' }).click();
  await expect(
    page.getByText(`Credit of $12.50 to ${login}: Goodwill for a late grade`),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Post $12.50' }).click();
  await expect(page.getByText(`Credit of $12.50 to ${login} recorded.`)).toBeVisible();
  await expect(page.locator('.player-page__figure').first()).not.toHaveText(balanceBefore);

  // Free play granted, its confirm step naming the free play after it.
  await page.getByRole('button', { name: 'Grant or remove free play' }).click();
  await page.getByLabel(/^Amount/).fill('5');
  await page.getByLabel('Reason', { exact: true }).fill('Welcome back');
  await page.getByRole('button', { name: 'Record free play' }).click();
  await expect(page.getByText(`Free play of ${login} after`)).toBeVisible();
  await page.getByRole('button', { name: 'Post $5.00' }).click();
  await expect(page.getByText(`$5.00 of free play granted to ${login}.`)).toBeVisible();

  // A message for the platform to show the player.
  await tab(page, 'Messages').click();
  await page.getByLabel(`Message to ${login}`).fill('Lines for Sunday are up.');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText(`Message sent to ${login}.`)).toBeVisible();
  await expect(page.locator('.player-messages__item').first()).toContainText(
    'Lines for Sunday are up.',
  );

  // Access: a new password for the player, then casino off.
  await tab(page, 'Access').click();
  const password = page.getByRole('form', { name: 'Password' });
  await password.getByLabel('New password', { exact: true }).fill(`a new pass phrase for the page`);
  await password.getByLabel('Repeat the new password').fill(`a new pass phrase for the page`);
  await password.getByRole('button', { name: 'Set password' }).click();
  await expect(
    page.getByText(`The password of ${login} was changed; its sessions were ended.`),
  ).toBeVisible();
  await page.getByLabel('Casino').uncheck();
  await page.getByRole('button', { name: 'Save access' }).click();
  await expect(page.getByText(`Access of ${login} saved.`)).toBeVisible();

  // History: each change with who made it and what it was before and after.
  await tab(page, 'History').click();
  const changes = page.locator('.player-changes__item');
  await expect(changes.first()).toContainText('Status or products changed');
  await expect(changes.first()).toContainText('MASTER');
  await expect(changes.first()).toContainText('Casino');
  const limits = changes.filter({ hasText: 'Limits changed' }).first();
  await expect(limits.getByRole('row', { name: /Maximum Straight/ })).toContainText('$250.50');

  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(width);
  await page.screenshot({
    path: join(SHOTS, `player-page-${width}.png`),
    fullPage: true,
    animations: 'disabled',
  });
  await tab(page, 'Limits').click();
  await expect(page.getByRole('button', { name: 'Save limits' })).toBeVisible();
  await page.screenshot({
    path: join(SHOTS, `player-page-limits-${width}.png`),
    fullPage: true,
    animations: 'disabled',
  });
  expect(await seriousViolations(page)).toEqual([]);
}

async function createPlayer(page: Page, login: string): Promise<void> {
  await page.goto('/Players');
  await page.getByRole('button', { name: 'New player' }).click();
  const form = page.getByRole('form', { name: 'New player' });
  const agent = form.getByLabel('Agent');
  const value = await agent.locator('option', { hasText: /^\W*AG1SUB · / }).getAttribute('value');
  await agent.selectOption(value!);
  await form.getByLabel('Login').fill('x');
  await form.getByRole('button', { name: 'Create player' }).click();
  await expect(
    form.getByText('3 to 32 letters, digits, dots, dashes or underscores.').last(),
  ).toBeVisible();
  await form.getByLabel('Login').fill(login);
  await form.getByLabel('Name', { exact: true }).fill('Rita Rookie');
  await form.getByLabel('New password', { exact: true }).fill('a long first secret');
  await form.getByLabel('Repeat the new password').fill('a long first secret');
  await form.getByRole('button', { name: 'Create player' }).click();
  await expect(page.getByText(`Player ${login} created.`)).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 1, name: new RegExp(`^${login}`) }),
  ).toBeVisible();
  await expect(page.getByText('Agent AG1SUB')).toBeVisible();
}

test('a new player is created from the list and opens on its page', async ({ page }) => {
  await createPlayer(page, 'rookie1280');
});

test('a player is run from its page: limits, an adjustment, free play, a message, access', async ({
  page,
}) => {
  await runPlayer(page, 'PL1010', 1280);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a new player is created from the list at 390 px', async ({ page }) => {
    await createPlayer(page, 'rookie390');
  });

  test('the player page works at 390 px without scrolling sideways', async ({ page }) => {
    await runPlayer(page, 'PL1011', 390);
  });
});

test("a parent sets a sub-agent's new players' limits, and a new player starts on them", async ({
  page,
}) => {
  await page.goto('/');
  await openFromMenuBar(page, 'Agents', { name: 'Agent settings' });
  await expect(page.getByRole('heading', { level: 1, name: 'Agent settings' })).toBeVisible();
  const agent = page.getByRole('combobox', { name: 'Agent' });
  const value = await agent.locator('option', { hasText: /^\W*AG1SUBA · / }).getAttribute('value');
  await agent.selectOption(value!);
  await expect(page).toHaveURL(/[?&]idAgent=\d+/);
  const defaults = page.getByRole('group', { name: /^New players start with/ });
  await defaults.getByLabel('Credit limit').fill('1234.50');
  await defaults.getByLabel('Maximum wager').fill('99');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings of AG1SUBA saved.')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'View reports' })).toBeChecked();
  await page.screenshot({
    path: join(SHOTS, 'agent-settings-1280.png'),
    fullPage: true,
    animations: 'disabled',
  });

  await page.goto('/Players');
  await page.getByRole('button', { name: 'New player' }).click();
  const form = page.getByRole('form', { name: 'New player' });
  const under = form.getByLabel('Agent');
  await under.selectOption(
    (await under.locator('option', { hasText: /^\W*AG1SUBA · / }).getAttribute('value'))!,
  );
  await form.getByLabel('Login').fill('defaults1');
  await form.getByLabel('Name', { exact: true }).fill('Dee Fault');
  await form.getByLabel('New password', { exact: true }).fill('a long first secret');
  await form.getByLabel('Repeat the new password').fill('a long first secret');
  await form.getByRole('button', { name: 'Create player' }).click();
  await expect(page.getByText('Player defaults1 created.')).toBeVisible();
  await expect(page.getByLabel('Credit limit', { exact: true })).toHaveValue('1234.50');
  await expect(page.getByLabel('Maximum wager', { exact: true })).toHaveValue('99.00');
  expect(await seriousViolations(page)).toEqual([]);
});
