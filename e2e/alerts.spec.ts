// Alerts in the browser (issue 19 item 4): the master sets a small wager-risk threshold on /Alerts
// (typed, reviewed, then saved), the platform places a wager over it through the signed feed, and
// the risk worker's alert reaches the bell without a reload, at 1280 px and on a 390 px phone; the
// alert log then lists it.
import { expect, type Page } from '@playwright/test';
import {
  agentApi,
  appNow,
  logIn,
  MASTER,
  platformFeed,
  signedOut as test,
  WIDTHS,
} from './support.ts';

const markDocument = (page: Page) =>
  page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

const bell = (page: Page) => page.getByRole('link', { name: /^Notifications, \d+ unseen$/ });
const unseen = async (page: Page) =>
  Number(/(\d+) unseen/.exec((await bell(page).getAttribute('aria-label')) ?? '')?.[1]);

// The server is shared by every spec: a $3 threshold left behind would ring on each wager after.
test.afterEach(async ({ request }) => {
  const { headers } = await agentApi(request, MASTER);
  const res = await request.post('/api/reports/AgentSiteFrames/SetAlertSettings', {
    headers,
    data: { own: false },
  });
  expect(res.status(), await res.text()).toBe(200);
});

for (const { label, viewport } of WIDTHS) {
  test(`a wager over the threshold rings the bell without a reload, at ${label}`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    await logIn(page, MASTER);
    await page.goto('/Alerts');
    await expect(page.getByRole('heading', { name: 'Alerts', level: 1 })).toBeVisible();
    const settings = page.getByRole('region', { name: 'Alert settings' });
    await expect(settings.getByText('Loading the alert settings…')).toHaveCount(0);

    // Thresholds of its own, a small wager risk; a typo is refused before anything is posted.
    const own = settings.getByLabel(/^MASTER sets thresholds of its own/);
    if (!(await own.isChecked())) await own.check();
    const risk = settings.getByLabel('Wager risk', { exact: true });
    await risk.fill('3,00');
    await settings.getByRole('button', { name: 'Review' }).click();
    await expect(settings.getByText(/“3,00” is ambiguous here/)).toBeVisible();
    await risk.fill('3.00');
    await settings.getByRole('button', { name: 'Review' }).click();
    const confirm = settings.getByRole('group', { name: 'Check before saving' });
    await expect(confirm).toContainText('Wager risk: $3.00');
    await confirm.getByRole('button', { name: 'Save alert settings' }).click();
    await expect(page.getByText('Alert settings of MASTER saved.')).toBeVisible();
    expect(await fitsWidth(page)).toBe(true);

    await expect(bell(page)).toBeVisible();
    const before = await unseen(page);
    await markDocument(page);
    const n = `${Date.now() % 1_000_000}${viewport.width}`;
    const player = `ALERTE${n}`;
    const at = appNow().toISOString();
    await platformFeed(request, [
      {
        EventId: `alerts-e2e-game-${n}`,
        Type: 'game.created',
        OccurredAt: at,
        Data: {
          Game: `ALERT-G${n}`,
          Sport: 'NBA',
          League: 'NBA',
          Home: 'Home Five',
          Away: 'Away Five',
          StartsAt: '2026-12-01T01:00:00Z',
        },
      },
      {
        EventId: `alerts-e2e-player-${n}`,
        Type: 'player.created',
        OccurredAt: at,
        Data: { Player: player, Agent: 'AG1', Name: 'Alert Player', CreditLimit: 1_000_000 },
      },
      {
        EventId: `alerts-e2e-wager-${n}`,
        Type: 'wager.placed',
        OccurredAt: at,
        Data: {
          Wager: `ALERT-W${n}`,
          Player: player,
          WagerType: 'straight',
          Risk: 550,
          ToWin: 500,
          Legs: [{ Game: `ALERT-G${n}`, Market: 'moneyline', Selection: 'Home Five', Odds: -110 }],
        },
      },
    ]);

    // The worker raises it within a second or two; the stream brings it to this very page.
    const title = `Big wager: ${player} risks $5.50`;
    await expect(page.getByText(title).first()).toBeVisible({ timeout: 30_000 });
    // At least this one more: other specs' wagers may ring the same threshold meanwhile.
    await expect.poll(() => unseen(page)).toBeGreaterThan(before);
    expect(await sameDocument(page)).toBe(true);

    // The log lists it once read again: the master's alert, and AG1's, which inherits its threshold.
    await page.reload();
    const rows = page.getByRole('table').getByRole('row').filter({ hasText: player });
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: 'MASTER' })).toContainText('Big wager');
    await expect(rows.filter({ hasText: 'AG1' })).toContainText('Big wager');
    expect(await fitsWidth(page)).toBe(true);
  });
}
