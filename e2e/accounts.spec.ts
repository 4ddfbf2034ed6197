// Accounts in the browser: a player changes its password with the e-mailed code (read from the dev
// outbox), an agent changes a sub-agent's password, a visitor signs up and the master approves it
// with a parent, rights and caps; the mailed link sets the new agent's password and signs it in;
// the master then gives it the right to make players and their starting limits, and its first
// player starts on them.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import {
  fillLogin,
  logIn,
  newContext,
  seriousViolations,
  signedOut as base,
  test as signedIn,
  AG1,
  agentApi,
} from './support.ts';

const WIDTHS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, player: 0, sub: 'AG1SUBA' },
  { name: 'phone', viewport: { width: 390, height: 844 }, player: 1, sub: 'AG1SUB2' },
] as const;

/**
 * Only the demo player's password is published, and specs run side by side: each viewport's player
 * first gets a known password from its agent through the API (ChangeAgentsPassword).
 */
async function givePlayerPassword(
  request: APIRequestContext,
  nth: number,
  password: string,
): Promise<string> {
  const ag1 = await agentApi(request, AG1);
  // Not PL1001: other specs log in with its published password.
  const players = (await ag1.players('PL')).filter((p) => p.Login !== 'PL1001');
  const player = players[nth]!;
  const changed = await request.post('/api/reports/AgentSiteFrames/ChangeAgentsPassword', {
    headers: ag1.headers,
    data: { IdPlayer: player.Id, NewPassword: password },
  });
  expect(changed.status()).toBe(200);
  return player.Login;
}

/** The newest mail to `to` on the dev outbox page. */
async function lastMail(page: Page, to: string): Promise<string> {
  const outbox = await page.context().newPage();
  try {
    await outbox.goto('/dev/outbox');
    const mail = outbox.locator('article').filter({ hasText: to }).first();
    await expect(mail).toBeVisible();
    return await mail.locator('pre').innerText();
  } finally {
    await outbox.close();
  }
}

for (const { name, viewport, player, sub } of WIDTHS) {
  base.describe(`accounts at ${viewport.width} px`, () => {
    base.use({ viewport });

    base(
      `a player changes its password with the e-mailed code (${name})`,
      async ({ page, request }) => {
        const first = `first secret of ${name}`;
        const login = await givePlayerPassword(request, player, first);
        const email = `${login.toLowerCase()}@demo.backline.test`;
        await page.goto('/login?SiteId=1');
        await fillLogin(page, { login, password: first });
        await expect(page).toHaveURL(/\/ChangePassword$/);
        await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();

        await page.getByRole('button', { name: 'E-mail me a code' }).click();
        await expect(
          page.getByText(/We sent a code to pl\*\*\*@demo\.backline\.test/),
        ).toBeVisible();
        const code = /Your code is (\d{6})\./.exec(await lastMail(page, email))![1]!;

        await page.getByLabel('Code from the e-mail').fill(code);
        await page.getByRole('button', { name: 'Check the code' }).click();
        await page.getByLabel('New password', { exact: true }).fill('short1');
        await page.getByLabel('Repeat the new password').fill('short1');
        await page.getByRole('button', { name: 'Change password' }).click();
        await expect(page.getByRole('alert')).toContainText('at least 8 characters');
        // The account's own login is the first thing a guesser tries.
        const named = `${login} chose a better secret`;
        await page.getByLabel('New password', { exact: true }).fill(named);
        await page.getByLabel('Repeat the new password').fill(named);
        await page.getByRole('button', { name: 'Change password' }).click();
        await expect(page.getByRole('alert')).toContainText('contains the account’s name');
        const next = `a better secret, chosen on ${name}`;
        await page.getByLabel('New password', { exact: true }).fill(next);
        await page.getByLabel('Repeat the new password').fill(next);
        await page.getByRole('button', { name: 'Change password' }).click();
        await expect(page.getByText('Your password was changed.')).toBeVisible();

        // A player has this screen only: any other sends it to /401, which ends its session.
        await page.goto('/WeeklyBalance');
        await expect(page.getByRole('heading', { name: 'Error 401' })).toBeVisible();

        await page.goto('/login?SiteId=1');
        await fillLogin(page, { login, password: next });
        await expect(page).toHaveURL(/\/ChangePassword$/);
        await page.getByRole('button', { name: 'Log out' }).click();
        await expect(page).toHaveURL(/\/login/);
      },
    );

    base(`an agent changes a sub-agent's password (${name})`, async ({ page }) => {
      await logIn(page, AG1);
      await page.goto('/ChangeAgentPassword');
      await expect(
        page.getByRole('heading', { name: 'Passwords of my agents and players' }),
      ).toBeVisible();
      const select = page.getByLabel('Agent', { exact: true });
      const option = select.locator('option').filter({ hasText: sub }).first();
      await select.selectOption(await option.getAttribute('value'));
      await expect(page.getByText(`${sub} has online access.`)).toBeVisible();
      const next = `fresh secret phrase of ${name}`;
      await page.getByLabel('New password', { exact: true }).fill(next);
      await page.getByLabel('Repeat the new password').fill(next);
      await page.getByRole('button', { name: 'Set password' }).click();
      await expect(page.getByText(/The password was changed/)).toBeVisible();

      const other = await newContext(page.context().browser()!, {
        viewport,
        baseURL: process.env.BACKLINE_URL,
      });
      const check = await other.newPage();
      await check.goto('/login?SiteId=1');
      await fillLogin(check, { login: sub, password: next });
      await expect(check).toHaveURL(/\/WeeklyBalance/, { timeout: 20_000 });
      await other.close();
    });
  });

  signedIn.describe(`sign-up at ${viewport.width} px`, () => {
    signedIn.use({ viewport });

    signedIn(
      `a visitor signs up and the master approves it, then makes it usable (${name})`,
      async ({ page, browser }) => {
        signedIn.slow();
        const login = `NEW${name.toUpperCase()}${Date.now() % 100_000}`;
        const email = `${login.toLowerCase()}@example.com`;
        const visitor = await newContext(browser, { viewport, baseURL: process.env.BACKLINE_URL });
        const form = await visitor.newPage();
        await form.goto('/AgentSignUp?SiteId=1');
        await expect(form.getByRole('heading', { name: 'Become a Demo Book agent' })).toBeVisible();
        await expect(form.getByText('Captcha is off for this site.')).toBeVisible();
        await form.getByRole('button', { name: 'Send application' }).click();
        await expect(form.getByText('Please correct the marked fields.')).toBeVisible();

        await form.getByLabel('First name').fill('Nora');
        await form.getByLabel('Last name').fill('Vidal');
        await form.getByLabel('E-mail').fill(email);
        await form.getByLabel('Login').fill(login);
        await form.getByLabel('Phone').fill('+1 305 555 0199');
        await form.getByLabel('Country').selectOption('US');
        await form.getByLabel('City').fill('Miami');
        await form.getByRole('button', { name: 'Send application' }).click();
        await expect(form.getByRole('heading', { name: 'Application received' })).toBeVisible();
        await visitor.close();

        await page.goto('/AgentSignUps');
        await expect(page.getByRole('heading', { name: 'Agent sign-ups' })).toBeVisible();
        await page.getByRole('button', { name: `Approve ${login}` }).click();
        // The master chooses the parent in its tree (itself by default), rights and caps.
        const terms = page.getByRole('form', { name: `What ${login} gets` });
        const parent = terms.getByLabel('Parent agent');
        await expect(parent.locator('option:checked')).toHaveText('MASTER (me) · Demo Master');
        await parent.selectOption({ label: '\u00a0\u00a0AG2 · Agent Two' });
        // AG2 cannot delete wagers, so an agent under it is not offered that right.
        await expect(terms.getByRole('checkbox')).toHaveCount(5);
        await expect(terms.getByRole('checkbox', { name: 'Delete wagers' })).toHaveCount(0);
        await expect(terms.getByRole('checkbox', { name: 'View reports' })).toBeChecked();
        await terms.getByRole('checkbox', { name: 'Manage payments' }).check();
        // Under AG1 instead, which holds every right: the rights ticked stay.
        await parent.selectOption({ label: '\u00a0\u00a0AG1 · Agent One' });
        await expect(terms.getByRole('checkbox', { name: 'Delete wagers' })).toBeVisible();
        await expect(terms.getByRole('checkbox', { name: 'Manage payments' })).toBeChecked();
        await terms.getByLabel('Credit limit cap (USD)').fill('5,000');
        await terms.getByLabel('Maximum wager cap (USD)').fill('500.00');
        await expect(terms.getByText('Will post $500.00')).toBeVisible();
        await terms.getByRole('button', { name: `Create agent ${login}` }).click();
        await expect(page.getByText(`${login} is now your agent`)).toBeVisible();

        // The mailed link sets the password without a second code and signs the agent in.
        const mail = await lastMail(page, email);
        const link = /(http\S+#\S+)/.exec(mail)![1]!;
        const newcomer = await newContext(browser, { viewport });
        const landing = await newcomer.newPage();
        await landing.goto(link);
        await expect(landing.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
        // The one-time token leaves the address bar at once.
        await expect(landing).toHaveURL(/\/login\?SiteId=1$/);
        const secret = `a passphrase chosen on ${name}`;
        await landing.getByLabel('New password', { exact: true }).fill(secret);
        await landing.getByLabel('Repeat the new password').fill(secret);
        await landing.getByRole('button', { name: 'Save and log in' }).click();
        await expect(landing).toHaveURL(/\/WeeklyBalance/, { timeout: 30_000 });
        await expect(landing.getByRole('heading', { name: 'Weekly balance' })).toBeVisible();
        await expect(landing.getByText('No players in this week')).toBeVisible();
        // Under AG1, with the rights given: no right to change passwords was ticked.
        await landing.goto('/ChangeAgentPassword');
        await expect(landing.getByText('You do not have access to this report.')).toBeVisible();

        // The link worked once.
        const again = await newcomer.newPage();
        await again.goto(link);
        await again.getByLabel('New password', { exact: true }).fill(`${secret} again`);
        await again.getByLabel('Repeat the new password').fill(`${secret} again`);
        await again.getByRole('button', { name: 'Save and log in' }).click();
        await expect(again.getByRole('alert')).toContainText('expired or was already used');

        await newcomer.close();

        // The master makes it usable: the right to make players and set their limits, and the
        // limits its new players start on.
        await page.goto('/AgentSettings');
        await expect(page.getByRole('heading', { level: 1, name: 'Agent settings' })).toBeVisible();
        const agent = page.getByRole('combobox', { name: 'Agent' });
        const option = agent.locator('option', { hasText: new RegExp(`^\\W*${login} · `) });
        await agent.selectOption((await option.getAttribute('value'))!);
        await expect(page).toHaveURL(/[?&]idAgent=\d+/);
        await page.getByRole('checkbox', { name: 'Manage players' }).check();
        await page.getByRole('checkbox', { name: 'Set player limits' }).check();
        const defaults = page.getByRole('group', { name: /^New players start with/ });
        await defaults.getByLabel('Credit limit').fill('1,500');
        await defaults.getByLabel('Maximum wager').fill('75');
        await page.getByRole('button', { name: 'Save settings' }).click();
        await expect(page.getByText(`Settings of ${login} saved.`)).toBeVisible();

        // The password chosen logs in, and the agent's first player starts on those limits.
        const fresh = await newContext(browser, { viewport, baseURL: process.env.BACKLINE_URL });
        const check = await fresh.newPage();
        await check.goto('/login?SiteId=1');
        await fillLogin(check, { login, password: secret });
        await expect(check).toHaveURL(/\/WeeklyBalance/, { timeout: 30_000 });
        await check.goto('/Players');
        await check.getByRole('button', { name: 'New player' }).click();
        const newPlayer = check.getByRole('form', { name: 'New player' });
        const player = `P${login}`.slice(0, 32);
        await newPlayer.getByLabel('Login').fill(player);
        await newPlayer.getByLabel('Name', { exact: true }).fill('Pia Player');
        await newPlayer.getByLabel('New password', { exact: true }).fill('a long first secret');
        await newPlayer.getByLabel('Repeat the new password').fill('a long first secret');
        await newPlayer.getByRole('button', { name: 'Create player' }).click();
        await expect(check.getByText(`Player ${player} created.`)).toBeVisible();
        await expect(check).toHaveURL(/\/Player\?idPlayer=\d+/);
        await expect(check.getByRole('tab', { name: 'Limits', exact: true })).toHaveAttribute(
          'aria-selected',
          'true',
        );
        await expect(check.getByLabel('Credit limit', { exact: true })).toHaveValue('1500.00');
        await expect(check.getByLabel('Maximum wager', { exact: true })).toHaveValue('75.00');
        await fresh.close();
      },
    );
  });
}

base('the sign-up forms have no serious accessibility violation', async ({ page }) => {
  await page.goto('/AgentSignUp?SiteId=1');
  await expect(page.getByRole('button', { name: 'Send application' })).toBeVisible();
  await page.getByRole('button', { name: 'Send application' }).click();
  await expect(page.getByText('Please correct the marked fields.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  // Site 2 has no form of its own: the standard one, under its own path.
  await page.goto('/AgentSignUp?SiteId=2');
  await expect(page).toHaveURL(/\/AgentSignUpGeneric\?SiteId=2$/);
  await expect(page.getByRole('heading', { name: 'Become an agent of Second Book' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

signedIn('the account screens have no serious accessibility violation', async ({ page }) => {
  for (const [path, heading] of [
    ['/ChangePassword', 'Change password'],
    ['/ChangeAgentPassword', 'Passwords of my agents and players'],
    ['/AgentSignUps', 'Agent sign-ups'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    expect(await seriousViolations(page), path).toEqual([]);
  }
});
