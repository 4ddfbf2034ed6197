// Issue 17 in the browser: the master makes a sub-agent from the agent tree, at desk and phone
// width (behind the Menu button there): under an agent of its tree, with rights and caps within
// that agent's and a first password; a taken login is refused in words; the tree then shows the
// new agent under its parent, and the new agent logs in.
import { expect } from '@playwright/test';
import { join, resolve } from 'node:path';
import { fillLogin, newContext, seriousViolations, test, WIDTHS } from './support.ts';

const SHOTS = resolve(import.meta.dirname, '../test-results/screenshots');

for (const { name, viewport, phone } of WIDTHS) {
  test.describe(`a new agent from the tree at ${viewport.width} px`, () => {
    test.use({ viewport, ...(phone ? { isMobile: true, hasTouch: true } : {}) });

    test(`the master makes a sub-agent under AG1 (${name})`, async ({ page, browser }) => {
      test.slow();
      const login = `TREE${name.toUpperCase()}${Date.now() % 100_000}`;
      const secret = `first passphrase on ${name}`;
      await page.goto('/WeeklyBalance');
      await expect(page.getByRole('heading', { name: 'Weekly balance' })).toBeVisible();
      // On a phone the menu is one button, its groups laid open; at a desk the Agents group opens.
      const nav = page.getByRole('navigation');
      if (phone) await page.getByRole('button', { name: /^Menu\b/ }).click();
      else await nav.getByRole('button', { name: /^Agents\b/ }).click();
      await nav.getByRole('link', { name: 'Agent tree' }).click();
      await expect(
        page.getByRole('heading', { level: 1, name: 'Agents and players' }),
      ).toBeVisible();

      await page.getByRole('button', { name: 'New agent' }).click();
      const form = page.getByRole('form', { name: 'New agent' });
      await form.getByRole('button', { name: 'Create agent' }).click();
      await expect(form.getByText("Give the agent's name.")).toBeVisible();
      await expect(form.getByText("Give the agent's e-mail address.")).toBeVisible();

      // A login the site already has is refused in words, naming it.
      await form.getByLabel('Login').fill('AG2');
      await form.getByLabel('Name', { exact: true }).fill('Tara Tree');
      await form
        .getByRole('textbox', { name: 'E-mail' })
        .fill(`${login.toLowerCase()}@example.com`);
      const parent = form.getByLabel('Parent agent');
      await expect(parent.locator('option:checked')).toHaveText('MASTER (me) · Demo Master');
      await parent.selectOption({ label: '\u00a0\u00a0AG1 · Agent One' });
      await expect(form.getByRole('checkbox', { name: 'View reports' })).toBeChecked();
      await form.getByRole('checkbox', { name: 'Manage players' }).check();
      await form.getByLabel('Credit limit cap (USD)').fill('2,000');
      await form.getByLabel('Maximum wager cap (USD)').fill('250');
      await expect(form.getByText('Will post $250.00')).toBeVisible();
      await form.getByLabel('New password', { exact: true }).fill(secret);
      await form.getByLabel('Repeat the new password').fill(secret);
      await form.getByRole('button', { name: 'Create agent' }).click();
      await expect(form.getByRole('alert')).toContainText('Login AG2 is already taken');

      await form.getByLabel('Login').fill(login);
      if (!phone) expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({
        path: join(SHOTS, `agent-create-${viewport.width}.png`),
        fullPage: true,
        animations: 'disabled',
      });
      await form.getByRole('button', { name: 'Create agent' }).click();
      await expect(page.getByText(`Agent ${login} created under AG1.`)).toBeVisible();
      await expect(form).toHaveCount(0);

      // The tree opens AG1 and shows the new agent under it, focused.
      const tree = page.getByRole('tree');
      await expect(tree.getByRole('treeitem', { name: /^AG1\b/ })).toHaveAttribute(
        'aria-expanded',
        'true',
      );
      const made = tree.getByRole('treeitem', { name: new RegExp(`^${login}\\b`) });
      await expect(made).toBeFocused();
      await expect(made).toHaveAttribute('aria-level', '2');
      await page.screenshot({
        path: join(SHOTS, `agent-create-tree-${viewport.width}.png`),
        animations: 'disabled',
      });
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth).toBeLessThanOrEqual(viewport.width);

      // The new agent logs in with the password given.
      const other = await newContext(browser, { viewport, baseURL: process.env.BACKLINE_URL });
      const check = await other.newPage();
      await check.goto('/login?SiteId=1');
      await fillLogin(check, { login, password: secret });
      await expect(check).toHaveURL(/\/WeeklyBalance/, { timeout: 30_000 });
      await other.close();
    });
  });
}
