// Issue 20's sessions in the browser: the same agent signed in from two browsers, the other session
// ended from /Sessions, and that browser is signed out on its very next call; at 1280 and 390 px.
import { expect, type Browser, type Page } from '@playwright/test';
import { join, resolve } from 'node:path';
import {
  fillLogin,
  logIn,
  logInFramed,
  newContext,
  newReportsAgent,
  openFromMenuBar,
  seriousViolations,
  signedOut as test,
  test as asMaster,
} from './support.ts';

const SHOTS = resolve(import.meta.dirname, '../test-results/screenshots');
/** An agent of the test's own: ending its sessions disturbs no other spec, nor do they change it. */
type Agent = Awaited<ReturnType<typeof newReportsAgent>>;
const VIEWS = [
  { label: '1280', viewport: { width: 1280, height: 800 } },
  { label: '390', viewport: { width: 390, height: 844 } },
] as const;

async function signedInPage(
  browser: Browser,
  viewport: { width: number; height: number },
  agent: Agent,
) {
  const context = await newContext(browser, { viewport });
  const page = await context.newPage();
  await logIn(page, agent);
  return page;
}

const historyOf = (agent: Agent) => new RegExp(`^Log-ins of ${agent.login}`);

async function noSideScroll(page: Page): Promise<void> {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: document.documentElement.clientWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(width);
}

for (const view of VIEWS) {
  test(`ends another browser's session from /Sessions at ${view.label} px`, async ({
    browser,
    request,
  }) => {
    const agent = await newReportsAgent(request, `SES${view.label}`, `Sessions ${view.label}`);
    const other = await signedInPage(browser, view.viewport, agent);
    const page = await signedInPage(browser, view.viewport, agent);

    // Found in the account menu, where the password is.
    if (view.label === '1280') {
      await openFromMenuBar(page, 'Account', { name: 'Sessions' });
    } else {
      await page.goto('/Sessions');
    }
    await expect(page.getByRole('heading', { name: 'Sessions', level: 1 })).toBeVisible();
    const list = page.getByRole('list', { name: 'Sessions' });
    const mine = list.getByRole('listitem').filter({ hasText: 'This session' });
    await expect(mine).toHaveCount(1);
    const others = list.getByRole('listitem').filter({ hasNotText: 'This session' });
    await expect(others.first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'My log-in history' })).toBeVisible();
    await expect(
      page
        .getByRole('table', { name: historyOf(agent) })
        .locator('tbody tr')
        .first(),
    ).toContainText('Signed in');
    if (view.label === '390') await noSideScroll(page);
    await page.screenshot({
      path: join(SHOTS, `sessions-${view.label}.png`),
      animations: 'disabled',
      fullPage: true,
    });
    expect(await seriousViolations(page)).toEqual([]);

    // Every other session ends, after a second word; this one stays.
    await page.getByRole('button', { name: 'End all other sessions' }).click();
    await expect(page.getByText(/^End your (other session|\d+ other sessions)\?/)).toBeFocused();
    await page.getByRole('button', { name: 'Yes, end them' }).click();
    await expect(page.getByText(/sessions? ended\./).first()).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(mine).toHaveCount(1);

    // The other browser's next call is refused at once: it lands on the 401 screen.
    await other.goto('/Players');
    await expect(other.getByRole('heading', { name: 'Error 401' })).toBeVisible();
    // This one carries on.
    await page.reload();
    await expect(mine).toHaveCount(1);
    await other.context().close();
    await page.context().close();
  });
}

test('ends one chosen session with its End button', async ({ browser, request }) => {
  const agent = await newReportsAgent(request, 'SESONE', 'Sessions one');
  const other = await signedInPage(browser, VIEWS[0].viewport, agent);
  const page = await signedInPage(browser, VIEWS[0].viewport, agent);
  await page.goto('/Sessions');
  const list = page.getByRole('list', { name: 'Sessions' });
  await expect(list.getByRole('listitem').filter({ hasText: 'This session' })).toHaveCount(1);
  const others = list.getByRole('listitem').filter({ hasNotText: 'This session' });
  await expect(others.first()).toBeVisible();
  const before = await others.count();
  await others
    .first()
    .getByRole('button', { name: /^End the session on/ })
    .click();
  await expect(page.getByText('Session ended.')).toBeVisible();
  await expect(others).toHaveCount(before - 1);
  await other.context().close();
  await page.context().close();
});

asMaster(
  'a parent ends every session of a sub-agent where it sets its settings',
  async ({ page, browser }) => {
    // AG2SUB: no other spec signs in as it (figures.spec.ts reads its book as MASTER).
    const sub = await newContext(browser);
    const subPage = await sub.newPage();
    await logIn(subPage, { login: 'AG2SUB', password: 'demo-sub', siteId: 1 });

    await page.goto('/AgentSettings');
    const agent = page.getByRole('combobox', { name: 'Agent' });
    const option = agent.locator('option', { hasText: /^\W*AG2SUB · / });
    await agent.selectOption((await option.getAttribute('value'))!);
    const sessions = page.getByRole('list', { name: 'Sessions of AG2SUB' });
    await expect(sessions.getByRole('listitem').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Log-in history' })).toBeVisible();
    await page.getByRole('button', { name: 'End all sessions' }).click();
    await page.getByRole('button', { name: 'Yes, end them' }).click();
    await expect(page.getByText(/sessions? of AG2SUB ended\./)).toBeVisible();
    await expect(page.getByText('This agent is not signed in anywhere.')).toBeVisible();

    await subPage.goto('/Players');
    await expect(subPage.getByRole('heading', { name: 'Error 401' })).toBeVisible();
    await sub.close();
  },
);

test('a player sees its own sessions from the link beside its password', async ({ page }) => {
  await page.goto('/login?SiteId=1');
  await fillLogin(page, { login: 'PL1001', password: 'demo-player' });
  await expect(page).toHaveURL(/\/ChangePassword/);
  await page
    .getByRole('navigation', { name: 'Account' })
    .getByRole('link', { name: 'Sessions' })
    .click();
  await expect(page.getByRole('heading', { name: 'Sessions', level: 1 })).toBeVisible();
  const list = page.getByRole('list', { name: 'Sessions' });
  await expect(list.getByRole('listitem').filter({ hasText: 'This session' })).toHaveCount(1);
  // The log-in history is the agents' (a player's is on its page, for its agents).
  await expect(page.getByRole('heading', { name: 'My log-in history' })).toHaveCount(0);
});

test('the Sessions screen works framed by an agent site on another origin', async ({
  page,
  request,
}) => {
  const agent = await newReportsAgent(request, 'SESFR', 'Sessions framed');
  const frame = await logInFramed(page, agent);
  await openFromMenuBar(frame, 'Account', { name: 'Sessions' });
  const list = frame.getByRole('list', { name: 'Sessions' });
  await expect(list.getByRole('listitem').filter({ hasText: 'This session' })).toHaveCount(1);
  await expect(
    frame
      .getByRole('table', { name: historyOf(agent) })
      .locator('tbody tr')
      .first(),
  ).toBeVisible();
});
