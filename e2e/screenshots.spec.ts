// The main screens compared with committed baselines (e2e/__screenshots__/) at desktop and phone
// width on every run (issue 22 item 9); `--update-snapshots` redraws them (README.md "Tests").
//
// Everything shown is fixed: the seed's instant on the server and, held still, in the browser;
// one agent's book, AG2SUB's, that no other spec changes (they pay, create and watch under MASTER,
// AG1 and its sub-agents), so the order of specs plays no part. Only the bell is masked: its count
// takes the site-wide notifications tree-notifications.spec.ts sends whenever it runs.
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { logIn, newContext, signedOut as test } from './support.ts';
import { holdClock, screenSettled } from './screens.ts';

const AGENT = { login: 'AG2SUB', password: 'demo-sub', siteId: 1 };
// A player of AG2SUB's with open and graded wagers this week and payments in its history.
const PLAYER = 'PL1095';

const SIZES = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

/** The screens compared, by file name; `{player}` stands for PLAYER's id, found on the way. */
const SCREENS: readonly (readonly [string, string])[] = [
  ['weekly-balance', '/WeeklyBalance'],
  ['new-weekly-balance', '/NewWeeklyBalance'],
  ['cash-flow', '/CashFlow'],
  ['wager-center-open', '/WagerCenter'],
  ['wager-center-graded', '/WagerCenter?tab=graded'],
  ['players', '/Players'],
  ['player', '/Player?idPlayer={player}'],
  ['player-standing', '/PlayerStanding'],
  ['player-history', '/PlayerHistory?idPlayer={player}'],
  ['player-payments', '/PlayerPayment'],
  ['agent-tree', '/AgentTree'],
  ['agent-payments', '/AgentPayments'],
];

async function compare(page: Page, name: string): Promise<void> {
  await screenSettled(page);
  await expect(page).toHaveScreenshot(`${name}.png`, {
    mask: [page.locator('.notification-bell')],
  });
}

// Each screen its own test, spread over the workers; a changed screen fails alone.
test.describe.configure({ mode: 'parallel' });

for (const viewport of SIZES) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test(`log-in at ${viewport.width} px`, async ({ page }) => {
      await holdClock(page);
      await page.goto('/login?SiteId=1');
      await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
      await compare(page, `login-${viewport.width}`);
    });

    test.describe('signed in', () => {
      // One log-in per worker for the screens it draws (the server rightly limits log-ins).
      let context: BrowserContext;
      let page: Page;
      let player: string;
      test.beforeAll(async ({ browser }) => {
        context = await newContext(browser, { viewport, baseURL: process.env.BACKLINE_URL });
        page = await context.newPage();
        await holdClock(page);
        await logIn(page, AGENT);
        await page.goto(`/Players?search=${PLAYER}`);
        await page.getByRole('link', { name: new RegExp(`^${PLAYER}`) }).click();
        await expect(page).toHaveURL(/\/Player\?idPlayer=\d+/);
        player = new URL(page.url()).searchParams.get('idPlayer')!;
      });
      test.afterAll(async () => context?.close());

      for (const [name, path] of SCREENS) {
        test(`${name} at ${viewport.width} px`, async () => {
          await page.goto(path.replace('{player}', player));
          await compare(page, `${name}-${viewport.width}`);
        });
      }
    });
  });
}
