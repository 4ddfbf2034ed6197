// DESIGN.md §5's navigation as an agent meets it (issue 14 item 1): at 1024, 1280, 1920 and 390 px
// and inside a cross-origin frame where the browser blocks third-party storage, every screen the
// agent may open is reached from the menu in at most two clicks, and the menu shows the current
// screen. On every table screen the key figure (ending, risk, result, balance, net, amount) ends
// inside the viewport at 1280 and 390 px, the page itself never scrolls sideways, and a screenshot
// of it is kept beside the test's results (test-results/navigation-*/) for people to look at.
import { expect, type FrameLocator, type Page } from '@playwright/test';
import config from './playwright.config.ts';
import { appFrame, fillLogin, openBlockedFrame, signedOut, test } from './support.ts';

// Chromium's own third-party cookie and storage blocking, as in iframe-blocked-storage.spec.ts: it
// changes nothing for the app as a top-level page, and blocks its storage inside the agent site.
test.use({
  launchOptions: {
    ...config.use?.launchOptions,
    args: [...(config.use?.launchOptions?.args ?? []), '--enable-features=TrackingProtection3pcd'],
  },
});
// The walks only read, and take a third of the browser run: each may go to whichever worker is free.
test.describe.configure({ mode: 'parallel' });

interface Screen {
  group: string;
  link: string;
  path: string;
  heading: RegExp;
}

/** Every screen of the demo master agent, who holds every right: the whole menu. */
const SCREENS: readonly Screen[] = [
  { group: 'Figures', link: 'Weekly balance', path: '/WeeklyBalance', heading: /^Weekly balance$/ },
  {
    group: 'Figures',
    link: 'Weekly balance by agent',
    path: '/NewWeeklyBalance',
    heading: /^Weekly balance by agent/,
  },
  { group: 'Figures', link: 'Cash flow', path: '/CashFlow', heading: /^Cash flow/ },
  { group: 'Figures', link: 'Export to Excel', path: '/ExportExcel', heading: /^Export to Excel/ },
  { group: 'Wagers', link: 'Wager center', path: '/WagerCenter', heading: /^Wager center/ },
  { group: 'Wagers', link: 'Delete wager', path: '/DeleteWager', heading: /^Delete wager/ },
  {
    group: 'Players',
    link: 'Player standing',
    path: '/PlayerStanding',
    heading: /^Player standing/,
  },
  { group: 'Players', link: 'Player history', path: '/PlayerHistory', heading: /^Player history/ },
  {
    group: 'Players',
    link: 'Player payments',
    path: '/PlayerPayment',
    heading: /^Player payments/,
  },
  { group: 'Agents', link: 'Agent tree', path: '/AgentTree', heading: /^Agents and players/ },
  { group: 'Agents', link: 'Agent payments', path: '/AgentPayments', heading: /^Agent payments/ },
  {
    group: 'Agents',
    link: 'Passwords',
    path: '/ChangeAgentPassword',
    heading: /^Passwords of my agents/,
  },
  { group: 'Agents', link: 'Sign-ups', path: '/AgentSignUps', heading: /^Agent sign-ups/ },
  { group: 'Risk', link: 'Beat the line', path: '/beatTheLine', heading: /^Beat the line/ },
  {
    group: 'Risk',
    link: 'Action by player',
    path: '/ActionByPlayer',
    heading: /^Action by player/,
  },
  {
    group: 'Account',
    link: 'Notifications',
    path: '/AgentNotifications',
    heading: /^Notifications/,
  },
  { group: 'Account', link: 'My password', path: '/ChangePassword', heading: /^Change password/ },
  { group: 'Account', link: 'Sessions', path: '/Sessions', heading: /^Sessions$/ },
  { group: 'Account', link: 'Security', path: '/Security', heading: /^Security$/ },
  {
    group: 'Players',
    link: 'Shared devices',
    path: '/SharedDevices',
    heading: /^Shared devices$/,
  },
  { group: 'Account', link: 'Integration', path: '/Integration', heading: /^Integration$/ },
];

interface TableView {
  name: string;
  /** An address with figures in the demo (its clock is fixed: this week and month have some). */
  url: string;
  /** The heading of the column holding the list's key figure. */
  key: RegExp;
}

/** Every list of figures, each with rows, and the column an agent reads first. */
const TABLES: readonly TableView[] = [
  { name: 'weekly-balance', url: '/WeeklyBalance', key: /^Ending/ },
  { name: 'weekly-balance-last-week', url: '/WeeklyBalance?period=3', key: /^Ending/ },
  { name: 'weekly-balance-by-agent', url: '/NewWeeklyBalance', key: /^Ending/ },
  { name: 'cash-flow', url: '/CashFlow?period=6', key: /^Net/ },
  { name: 'open-wagers', url: '/WagerCenter', key: /^Risk/ },
  { name: 'graded-wagers', url: '/WagerCenter?tab=graded&period=6', key: /^Result amount/ },
  { name: 'changed-wagers', url: '/WagerCenter?tab=changed&period=6', key: /^Balance moved/ },
  { name: 'delete-wager', url: '/DeleteWager', key: /^Risk/ },
  { name: 'player-standing', url: '/PlayerStanding', key: /^Balance/ },
  { name: 'player-history', url: '/PlayerHistory?idPlayer=5&period=6', key: /^Balance/ },
  { name: 'player-payments', url: '/PlayerPayment?period=6', key: /^Amount/ },
  { name: 'agent-payments', url: '/AgentPayments?tab=subAgents&period=6', key: /^Amount/ },
  { name: 'master-sheet', url: '/MasterSheet', key: /^Balance forward/ },
  { name: 'beat-the-line', url: '/beatTheLine?period=6', key: /^CLV score/ },
  { name: 'action-by-player', url: '/ActionByPlayer?period=6', key: /^Volume/ },
];

type Root = Page | FrameLocator;

/** Below 900 px (a phone, a narrow frame) the menu is one button; wider, a row of group buttons. */
const isNarrow = (width: number) => width <= 900;

/** Opens `screen` from the menu with exactly two clicks, checking each target is there to click. */
async function openFromMenu(root: Root, screen: Screen, width: number): Promise<void> {
  if (isNarrow(width)) {
    const menu = root.getByRole('button', { name: /^Menu\b/ });
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
  } else {
    const group = root
      .getByRole('navigation')
      .getByRole('button', { name: new RegExp(`^${screen.group}\\b`) });
    await group.click();
    await expect(group).toHaveAttribute('aria-expanded', 'true');
  }
  const link = root.getByRole('navigation').getByRole('link', { name: screen.link, exact: true });
  await expect(link).toBeVisible();
  await link.click();
}

/** The screen is open and the menu says so, where it always shows (closed, before any click). */
async function expectCurrent(root: Root, screen: Screen, width: number): Promise<void> {
  await expect(root.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
  const named = new RegExp(`\\b${screen.link}$`);
  if (isNarrow(width)) {
    // The menu button names the screen.
    await expect(root.getByRole('button', { name: /^Menu\b/ })).toHaveAccessibleName(named);
  } else {
    // The current group's button names the screen, and only that group is marked.
    const group = root
      .getByRole('navigation')
      .getByRole('button', { name: new RegExp(`^${screen.group}\\b`) });
    await expect(group).toHaveAccessibleName(named);
    await expect(group).toBeInViewport();
  }
}

/** The link of the current screen is marked as the page, once its list is open. */
async function expectLinkCurrent(root: Root, screen: Screen, width: number): Promise<void> {
  const opener = isNarrow(width)
    ? root.getByRole('button', { name: /^Menu\b/ })
    : root.getByRole('navigation').getByRole('button', { name: new RegExp(`^${screen.group}\\b`) });
  await opener.click();
  const link = root.getByRole('navigation').getByRole('link', { name: screen.link, exact: true });
  await expect(link).toHaveAttribute('aria-current', 'page');
  await opener.click();
  await expect(link).toBeHidden();
}

async function walkMenu(root: Root, width: number, pathOf: () => string): Promise<void> {
  for (const screen of SCREENS) {
    await openFromMenu(root, screen, width);
    await expect.poll(pathOf).toBe(screen.path);
    await expectCurrent(root, screen, width);
  }
  // The link itself is marked too (checked on two screens of different groups).
  for (const screen of [SCREENS[0]!, SCREENS[8]!]) {
    await openFromMenu(root, screen, width);
    await expectCurrent(root, screen, width);
    await expectLinkCurrent(root, screen, width);
  }
}

/** The list has rows; its key figure column ends inside the viewport; the page stays its width. */
async function checkTable(
  root: Root,
  page: Page,
  view: TableView,
  shot: string,
  viewportWidth: number,
): Promise<void> {
  // The list itself (a screen may also hold small summary tables), with its figures loaded.
  const table = root.locator('table:has(th.col-key)').first();
  await expect(table.locator('tbody tr, tfoot tr').first()).toBeVisible({ timeout: 30_000 });
  await expect(root.locator('.table-skeleton')).toHaveCount(0);
  const header = table.getByRole('columnheader', { name: view.key }).first();
  await expect(header).toHaveClass(/\bcol-key\b/);
  // One key figure per list: a second pinned heading would sit over the first.
  await expect(table.locator('thead th.col-key')).toHaveCount(1);
  const cell = table.locator(':is(tbody, tfoot) tr:not(.spacer) .col-key').first();
  for (const [what, element] of [
    ['heading', header],
    ['first row', cell],
  ] as const) {
    const box = await element.boundingBox();
    expect(box, `${view.name}: the key figure's ${what} is laid out`).not.toBeNull();
    expect(box!.x, `${view.name}: the key figure's ${what} starts in view`).toBeGreaterThanOrEqual(
      0,
    );
    expect(
      box!.x + box!.width,
      `${view.name}: the key figure's ${what} ends inside ${viewportWidth} px`,
    ).toBeLessThanOrEqual(viewportWidth + 0.5);
  }
  // The picture shows the list (a screen may open on charts above it).
  await header.scrollIntoViewIfNeeded();
  const path = test.info().outputPath(`${shot}.png`);
  await page.screenshot({ path, animations: 'disabled' });
  await test.info().attach(shot, { path, contentType: 'image/png' });
}

for (const viewport of [
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('every screen is two clicks away and shown as current', async ({ page }) => {
      test.setTimeout(180_000);
      await page.goto('/WeeklyBalance');
      // The first screen of a fresh tab waits for the app itself (a loaded machine is slow).
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
      await expectCurrent(page, SCREENS[0]!, viewport.width);
      await walkMenu(page, viewport.width, () => new URL(page.url()).pathname);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
    });

    if (viewport.width === 1280 || viewport.width === 390) {
      test('every list keeps its key figure in view', async ({ page }) => {
        test.setTimeout(180_000);
        for (const view of TABLES) {
          await page.goto(view.url);
          await checkTable(page, page, view, `${viewport.width}-${view.name}`, viewport.width);
          const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
          expect(scrollWidth, `${view.name}: the page scrolls sideways`).toBeLessThanOrEqual(
            viewport.width,
          );
        }
      });
    }
  });
}

signedOut.describe('inside a cross-origin frame with third-party storage blocked', () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    signedOut(`at ${viewport.width} px`, async ({ page, baseURL }) => {
      signedOut.setTimeout(240_000);
      await page.setViewportSize(viewport);
      const frame = await openBlockedFrame(page, baseURL);

      await fillLogin(frame);
      await expectCurrent(frame, SCREENS[0]!, viewport.width);
      await walkMenu(frame, viewport.width, () => new URL(appFrame(page).url()).pathname);

      // The frame fills the agent site's width: its key figures end inside it.
      const frameBox = await page.locator('iframe[title="Backline"]').boundingBox();
      const origin = new URL(baseURL as string).origin;
      for (const view of TABLES) {
        await appFrame(page).goto(`${origin}${view.url}`);
        await checkTable(
          frame,
          page,
          view,
          `frame-${viewport.width}-${view.name}`,
          frameBox!.x + frameBox!.width,
        );
      }
    });
  }
});
