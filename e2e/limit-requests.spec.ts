// Issue 17's requests for limits above a cap, in the browser at desk and phone width: an agent
// whose cap a player's new credit passes asks for approval from the player's page; the master finds
// the request under Agents › Limit requests and approves it after a confirm step; the player's
// limits then read as saved, approved above the cap.
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { join, resolve } from 'node:path';
import {
  agentApi,
  createAgent,
  fillLogin,
  MASTER,
  newContext,
  seriousViolations,
  test,
} from './support.ts';

const SHOTS = resolve(import.meta.dirname, '../test-results/screenshots');

interface Capped {
  login: string;
  password: string;
  player: string;
  idPlayer: number;
}

/**
 * A fresh agent under the master with a credit cap of $5,000.00 and the rights to set limits and
 * ask for more, and a player of its own: nothing another spec reads or changes.
 */
async function cappedAgent(request: APIRequestContext, tag: string): Promise<Capped> {
  const stamp = `${tag}${Date.now() % 1_000_000}`;
  const login = `LRQ${stamp}`;
  const password = `limits pass phrase ${tag}`;
  const master = await agentApi(request, MASTER);
  await createAgent(request, master.headers, {
    login,
    name: `Capped ${tag}`,
    password,
    rights: ['viewReports', 'managePlayers', 'setLimits', 'exceedCaps'],
    creditLimitCap: 500_000,
    maxWagerCap: 50_000,
  });
  const agent = await agentApi(request, { login, password, siteId: 1 });
  const player = `LRP${stamp}`;
  const created = await request.post('/api/reports/AgentSiteFrames/CreatePlayer', {
    headers: agent.headers,
    data: { login: player, name: `Player ${tag}`, access: 'password', password },
  });
  expect(created.status(), await created.text()).toBe(200);
  const idPlayer = ((await created.json()) as { Player: { IdPlayer: number } }).Player.IdPlayer;
  return { login, password, player, idPlayer };
}

async function signedInAs(browser: Browser, page: Page, who: Capped): Promise<Page> {
  const viewport = page.viewportSize()!;
  const context = await newContext(browser, { viewport, baseURL: process.env.BACKLINE_URL });
  const tab = await context.newPage();
  await tab.goto('/login?SiteId=1');
  await fillLogin(tab, { login: who.login, password: who.password });
  await expect(tab).toHaveURL(/\/WeeklyBalance/, { timeout: 30_000 });
  return tab;
}

async function run(
  page: Page,
  browser: Browser,
  request: APIRequestContext,
  tag: string,
): Promise<void> {
  const width = page.viewportSize()!.width;
  const capped = await cappedAgent(request, tag);
  const agent = await signedInAs(browser, page, capped);

  // The agent raises the credit above its own cap: refused, and it may ask the master.
  await agent.goto(`/Player?idPlayer=${capped.idPlayer}&tab=limits`);
  const credit = agent.getByLabel('Credit limit', { exact: true });
  await expect(credit).toBeVisible();
  await expect(agent.getByText('At most $5,000.00, the cap of the agents above.')).toBeVisible();
  await credit.fill('6,000.00');
  await agent.getByRole('button', { name: 'Save limits' }).click();
  await expect(agent.getByRole('alert')).toContainText(`above the cap of agent ${capped.login}`);
  const ask = agent.getByRole('region', { name: 'Ask for approval' });
  await ask.getByRole('button', { name: 'Send the request' }).click();
  await expect(ask.getByText('Say why the player needs more.')).toBeVisible();
  await ask.getByLabel('Reason', { exact: true }).fill('Regular since March, settles on time');
  await ask.getByRole('button', { name: 'Send the request' }).click();
  await expect(agent.getByText('Request sent to MASTER.')).toBeVisible();
  await expect(agent.getByText(/A request for more is waiting for MASTER/)).toBeVisible();
  await agent.screenshot({ path: join(SHOTS, `limit-request-asked-${width}.png`), fullPage: true });

  // The master finds it among those to decide, and approves it after the confirm step.
  await page.goto('/LimitRequests');
  await expect(page.getByRole('heading', { level: 1, name: 'Limit requests' })).toBeVisible();
  const card = page.locator('.limit-requests__item').filter({ hasText: capped.player });
  await expect(card).toBeVisible();
  await expect(card.getByText('Regular since March, settles on time')).toBeVisible();
  await expect(
    card.getByText(`Credit limit $6,000.00 is above the cap of ${capped.login} ($5,000.00).`),
  ).toBeVisible();
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(width);
  expect(await seriousViolations(page)).toEqual([]);
  await card.getByRole('button', { name: `Approve the limits of ${capped.player}` }).click();
  await card.getByLabel(/^Note/).fill('Until the end of the season');
  await page.screenshot({ path: join(SHOTS, `limit-request-decide-${width}.png`), fullPage: true });
  await card.getByRole('button', { name: `Approve limits of ${capped.player}` }).click();
  await expect(page.getByText(`Limits of ${capped.player} approved.`)).toBeVisible();
  await page.getByLabel('Status').selectOption('decided');
  await expect(card.getByText('Approved', { exact: true })).toBeVisible();

  // The agent's page shows the new credit, approved above the cap; the bell told it.
  await agent.reload();
  await expect(agent.getByLabel('Credit limit', { exact: true })).toHaveValue('6000.00');
  await expect(agent.getByText(/Approved up to \$6,000\.00 for this player/)).toBeVisible();
  await agent.getByRole('tab', { name: 'History', exact: true }).click();
  await expect(agent.getByText('Request approved')).toBeVisible();
  await agent.context().close();
}

test('an agent asks for limits above its cap and the master approves them', async ({
  page,
  browser,
  request,
}) => {
  await run(page, browser, request, 'D');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the request and its approval fit 390 px', async ({ page, browser, request }) => {
    await run(page, browser, request, 'P');
  });
});
