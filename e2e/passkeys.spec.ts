// Issue 20 in the browser: an agent adds a passkey on /Security (Chromium's virtual authenticator,
// through the DevTools protocol, stands in for the device), logs out, and logs in again with its
// password and the passkey; then removes it. At desk and phone width, each with an agent of its own
// made for the spec, so no other spec meets a second step.
import { expect, type Page } from '@playwright/test';
import {
  embedUrl,
  fillLogin,
  newReportsAgent,
  seriousViolations,
  signedOut as test,
  WIDTHS,
} from './support.ts';

/** A platform authenticator that verifies its user, as a laptop's fingerprint reader does. */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  const credentials = async () =>
    (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
  return { credentials };
}

for (const { name, viewport, phone } of WIDTHS) {
  test.describe(`passkeys at ${viewport.width} px`, () => {
    test.use({ viewport, ...(phone ? { isMobile: true, hasTouch: true } : {}) });

    test(`an agent adds a passkey and signs in with it (${name})`, async ({ page, request }) => {
      test.slow();
      const agent = await newReportsAgent(
        request,
        `PK${phone ? 'P' : 'D'}`,
        `Passkey ${phone ? 'P' : 'D'}`,
      );
      const authenticator = await virtualAuthenticator(page);

      await page.goto(`/login?SiteId=${agent.siteId}`);
      await fillLogin(page, agent);
      await expect(page.getByRole('heading', { name: 'Weekly balance' })).toBeVisible();

      await page.goto('/Security');
      const panel = page.getByRole('region', { name: 'Passkeys' });
      await expect(panel.getByText('No passkeys yet.')).toBeVisible();
      await panel.getByLabel('Passkey name').fill('Test laptop');
      await panel.getByRole('button', { name: 'Add a passkey' }).click();
      await expect(page.getByText('Passkey “Test laptop” added')).toBeVisible();
      const item = panel.getByRole('listitem').filter({ hasText: 'Test laptop' });
      await expect(item).toContainText('Never');
      expect(await authenticator.credentials()).toHaveLength(1);
      if (!phone) expect(await seriousViolations(page)).toEqual([]);
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth).toBeLessThanOrEqual(viewport.width);

      // Log out, then in again: the password first, then the passkey.
      if (phone) await page.getByRole('button', { name: /^Menu\b/ }).click();
      await page.getByRole('button', { name: 'Log out' }).click();
      await expect(page).toHaveURL(/\/login/);
      await fillLogin(page, agent);
      const answer = page.waitForResponse((r) => r.url().includes('/LoginPasskey'));
      await page.getByRole('button', { name: 'Use a passkey' }).click();
      expect((await answer).status()).toBe(200);
      // Signed in again, back on the screen it logged out from, where the passkey's use shows.
      await expect(page).toHaveURL(/\/Security$/);
      await expect(panel).toBeVisible();
      await expect(item.getByText('Never')).toHaveCount(0);

      // The test agent site frames Backline without allow="publickey-credentials-get": the second
      // step says why no passkey can be used there rather than fail at the press of a button.
      await page.goto(embedUrl());
      const frame = page.frameLocator('iframe[title="Backline"]');
      await fillLogin(frame, agent);
      await expect(frame.getByRole('note')).toContainText(
        'the page that shows Backline must allow them in its frame',
      );
      await expect(frame.getByRole('button', { name: 'Use a passkey' })).toHaveCount(0);

      // Renamed, then removed, so the agent signs in with its password alone.
      await page.goto('/Security');
      await item.getByRole('button', { name: 'Rename passkey Test laptop' }).click();
      const rename = page.getByRole('dialog', { name: 'Rename passkey “Test laptop”' });
      await rename.getByLabel('Passkey name').fill('Work laptop');
      await rename.getByRole('button', { name: 'Save' }).click();
      const renamed = panel.getByRole('listitem').filter({ hasText: 'Work laptop' });
      await expect(renamed).toBeVisible();
      await renamed.getByRole('button', { name: 'Remove passkey Work laptop' }).click();
      const remove = page.getByRole('dialog', { name: 'Remove passkey “Work laptop”?' });
      await remove.getByLabel('Your password').fill(agent.password);
      await remove.getByRole('button', { name: 'Remove' }).click();
      await expect(panel.getByText('No passkeys yet.')).toBeVisible();
    });
  });
}
