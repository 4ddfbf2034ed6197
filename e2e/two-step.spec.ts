// Issue 20 in the browser: an agent sets up an authenticator app on /Security (the test computes
// its codes from the key the page shows, as the app would), keeps its recovery codes, logs out, and
// logs in again inside the agent site's cross-origin frame with its password and a code. At desk
// and phone width, each with an agent of its own made for the spec (reports only: no policy
// applies), whose second step its parent resets at the end.
import { expect, type APIRequestContext, type FrameLocator } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import {
  embedUrl,
  fillLogin,
  MASTER,
  newReportsAgent,
  seriousViolations,
  signedOut as test,
  WIDTHS,
} from './support.ts';

const STEP_MS = 30_000;

/**
 * How far the server's clock (the demo's "now", started when the server was) is from this one: a
 * fresh session's idle expiry is its "now" plus 30 minutes. appNow() only estimates it from when
 * the server was spawned, before its seconds of seeding, and a code is good for 30 s either side.
 */
async function serverClockOffset(request: APIRequestContext, headers: Record<string, string>) {
  const sent = Date.now();
  const res = await request.post('/api/core/WebClient4Frames/Login', {
    headers: { cookie: headers.cookie!, 'x-csrf-token': headers['x-csrf-token']! },
    data: { Player: MASTER.login, Password: MASTER.password, SiteId: MASTER.siteId },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { IdleExpiresAt } = (await res.json()) as { IdleExpiresAt: string };
  return Date.parse(IdleExpiresAt) - 30 * 60_000 - (sent + Date.now()) / 2;
}

/** The code the authenticator app shows for a time step, as the app computes it. */
function codeAt(secret: string, step: number): string {
  const totp = new TOTP({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  });
  return totp.generate({ timestamp: step * STEP_MS });
}

for (const { name, viewport, phone } of WIDTHS) {
  test.describe(`two-step sign-in at ${viewport.width} px`, () => {
    test.use({ viewport, ...(phone ? { isMobile: true, hasTouch: true } : {}) });

    test(`an agent sets up an authenticator and signs in with it in a frame (${name})`, async ({
      page,
      request,
    }) => {
      test.slow();
      const agent = await newReportsAgent(
        request,
        `TS${phone ? 'P' : 'D'}`,
        `Two step ${phone ? 'P' : 'D'}`,
      );
      const offset = await serverClockOffset(request, agent.masterHeaders);
      const stepNow = () => Math.floor((Date.now() + offset) / STEP_MS);
      try {
        await page.goto(`/login?SiteId=${agent.siteId}`);
        await fillLogin(page, agent);
        await expect(page.getByRole('heading', { name: 'Weekly balance' })).toBeVisible();

        await page.goto('/Security');
        await expect(page.getByRole('heading', { name: 'Security', level: 1 })).toBeVisible();
        const app = page.getByRole('region', { name: 'Authenticator app' });
        await app.getByRole('button', { name: 'Set up an authenticator app' }).click();
        await expect(
          app.getByRole('img', { name: 'QR code of the authenticator key' }),
        ).toBeVisible();
        const shown = await app.locator('.authenticator-key__secret').innerText();
        const secret = shown.replace(/\s+/g, '');
        expect(secret).toMatch(/^[A-Z2-7]{32}$/);
        await app.getByText('Show the otpauth address').click();
        await expect(app.getByText(/^otpauth:\/\/totp\//)).toContainText(`secret=${secret}`);
        if (!phone) expect(await seriousViolations(page)).toEqual([]);

        const enrolStep = stepNow();
        await app.getByLabel('The 6-digit code the app shows').fill(codeAt(secret, enrolStep));
        await app.getByRole('button', { name: 'Confirm' }).click();
        await expect(app.getByRole('heading', { name: 'Your recovery codes' })).toBeVisible();
        await expect(
          app.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem'),
        ).toHaveCount(10);
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(scrollWidth).toBeLessThanOrEqual(viewport.width);
        await app.getByRole('button', { name: 'I have kept them' }).click();
        await expect(app.getByText('On.', { exact: true })).toBeVisible();
        await expect(app.getByText('Recovery codes left: 10.')).toBeVisible();

        if (phone) await page.getByRole('button', { name: /^Menu\b/ }).click();
        await page.getByRole('button', { name: 'Log out' }).click();
        await expect(page).toHaveURL(/\/login/);

        // The agent site frames the app from another origin: the password, then the code.
        await page.goto(embedUrl());
        const frame: FrameLocator = page.frameLocator('iframe[title="Backline"]');
        await expect(frame.getByRole('heading', { name: 'Backline' })).toBeVisible();
        await fillLogin(frame, agent);
        await expect(frame.getByRole('heading', { name: 'Second step' })).toBeVisible();
        const code = frame.getByRole('textbox', { name: '6-digit code' });
        await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
        await expect(code).toHaveAttribute('inputmode', 'numeric');

        // A wrong code says how many tries are left; the right one signs in. A code is taken once:
        // within the 30 s of the first, the next step's (one step ahead is within the window).
        const step = Math.max(stepNow(), enrolStep + 1);
        const wrong = String((Number(codeAt(secret, step)) + 1) % 1_000_000).padStart(6, '0');
        await code.fill(wrong);
        await frame.getByRole('button', { name: 'Verify' }).click();
        await expect(frame.getByRole('alert')).toContainText('4 tries left');
        await code.fill(codeAt(secret, step));
        const answer = page.waitForResponse((r) => r.url().includes('/LoginSecondStep'));
        await frame.getByRole('button', { name: 'Verify' }).click();
        expect((await answer).status()).toBe(200);
        await expect(frame.getByRole('heading', { name: 'Weekly balance' })).toBeVisible();
      } finally {
        // Its parent resets it, as for an agent that lost its phone: nothing is left behind.
        const reset = await request.post('/api/core/AgentSecurity/ResetSecondStep', {
          headers: agent.masterHeaders,
          data: { IdAgent: agent.id },
        });
        expect(reset.status(), await reset.text()).toBe(200);
      }
    });
  });
}
