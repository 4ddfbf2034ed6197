// The wager screens as an agent uses them: the wager center's filters, a wager's detail and score,
// voiding an open wager and finding it in the changed bets, beat the line and action by player.
import { expect, type Page } from '@playwright/test';
import { seriousViolations, test } from './support.ts';

// Rows past the first few repeat the same markup; checking them all only slows axe down.
const REPEATED_ROWS = 'tbody tr:nth-child(n+21)';

/** "1–50 of 944" under the wager table: the size of the whole filtered set. */
async function totalRows(page: Page): Promise<number> {
  const text = await page.getByText(/^\d[\d,]*–\d[\d,]* of \d[\d,]*$/).innerText();
  return Number(text.split(' of ')[1]!.replace(/,/g, ''));
}

const openTable = (page: Page) => page.getByRole('table', { name: 'Open wagers' });

async function openWagerCenter(page: Page, query = ''): Promise<void> {
  await page.goto(`/WagerCenter${query}`);
  await expect(page.getByRole('heading', { name: 'Wager center', level: 1 })).toBeVisible();
}

test('the wager center narrows by sport and wager type, in the URL, with totals of all pages', async ({
  page,
}) => {
  await openWagerCenter(page);
  await expect(page.getByRole('tab', { name: 'Open' })).toHaveAttribute('aria-selected', 'true');
  await expect(
    openTable(page)
      .getByRole('row', { name: /^Totals · [A-Z]{3} All pages/ })
      .first(),
  ).toBeVisible();
  const all = await totalRows(page);

  await page.getByLabel('Sport', { exact: true }).selectOption({ label: 'NFL' });
  await expect(page).toHaveURL(/[?&]sport=NFL/);
  await page.getByLabel('Wager type', { exact: true }).selectOption({ label: 'Straight' });
  await expect(page).toHaveURL(/[?&]wagerType=straight/);
  // The second choice keeps the first, however soon after it comes.
  await expect(page).toHaveURL(/[?&]sport=NFL/);
  await expect(
    openTable(page)
      .getByRole('row', { name: /^Totals · [A-Z]{3} All pages/ })
      .first(),
  ).toBeVisible();
  await expect.poll(() => totalRows(page)).toBeLessThan(all);

  // The previous answer stays on screen while the narrower one loads; wait for the narrower one.
  const rows = openTable(page).locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  await expect
    .poll(async () => {
      const types = await rows.locator('td:nth-child(4)').allInnerTexts();
      return types.length > 0 && types.every((t) => t.includes('Straight') && t.includes('NFL'));
    })
    .toBe(true);

  // Sorting is the server's: the header says how the table is sorted.
  const risk = openTable(page).getByRole('columnheader', { name: 'Risk' });
  await risk.getByRole('button').click();
  await expect(page).toHaveURL(/[?&]sort=risk/);
  await expect(risk).toHaveAttribute('aria-sort', 'descending');

  // The tabs follow the arrow keys and keep the filters.
  await page.getByRole('tab', { name: 'Open' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Graded' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/[?&]tab=graded/);
  await expect(page).toHaveURL(/[?&]sport=NFL/);
  await expect(page.getByRole('table', { name: /^Graded wagers/ })).toBeVisible();
  expect(await seriousViolations(page, REPEATED_ROWS)).toEqual([]);
});

test("a wager's detail shows its legs, closing lines and the game score", async ({ page }) => {
  await openWagerCenter(page);
  const ticket = openTable(page).locator('tbody tr').first().getByRole('button');
  const number = (await ticket.innerText()).trim();
  await ticket.click();
  const dialog = page.getByRole('dialog', { name: `Wager ${number}` });
  await expect(dialog).toBeVisible();
  const legs = dialog.getByRole('table', { name: `Legs of wager ${number}` });
  await expect(legs.getByRole('columnheader', { name: 'Taken' })).toBeVisible();
  await expect(legs.getByRole('columnheader', { name: 'Closing' })).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Game scores' })).toBeVisible();
  await expect(dialog.getByRole('listitem').first()).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Delete wager' })).toBeVisible();
  expect(await seriousViolations(page, REPEATED_ROWS)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('deleting an open wager needs a reason, says what happens and shows in the changed bets', async ({
  page,
}) => {
  await openWagerCenter(page);
  const ticket = openTable(page).locator('tbody tr').first().getByRole('button');
  const number = (await ticket.innerText()).trim();
  await ticket.click();
  await page.getByRole('dialog').getByRole('link', { name: 'Delete wager' }).click();
  await expect(page).toHaveURL(/\/DeleteWager\?idWager=\d+/);
  const idWager = new URL(page.url()).searchParams.get('idWager');
  await expect(page.getByRole('heading', { name: `Wager ${number}` })).toBeVisible();

  const reason = page.getByRole('textbox', { name: 'Reason' });
  await reason.fill('no');
  await page.getByRole('button', { name: 'Review deletion' }).click();
  await expect(reason).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Give a reason of at least 3 characters.')).toBeVisible();
  expect(await seriousViolations(page, REPEATED_ROWS)).toEqual([]);

  await reason.fill('Duplicate ticket (e2e)');
  await page.getByRole('button', { name: 'Review deletion' }).click();
  await expect(page.getByText(`Void wager ${number} of`)).toBeVisible();
  await expect(page.getByText(/the balance stays as it is/)).toBeVisible();
  await page.getByRole('button', { name: 'Delete wager', exact: true }).click();

  await expect(page.getByText(`Wager ${number} is deleted.`)).toBeVisible();
  await expect(
    page.getByText(new RegExp(`^Wager ${number} deleted: .+ reversed, new balance`)),
  ).toBeVisible();

  await page.getByRole('link', { name: 'See it in the changed bets' }).click();
  await expect(page.getByRole('tab', { name: 'Changed' })).toHaveAttribute('aria-selected', 'true');
  const row = page
    .getByRole('table', { name: /^Changed wagers/ })
    .getByRole('row')
    .filter({ hasText: number });
  await expect(row).toContainText('Deleted');
  await expect(row).toContainText('Duplicate ticket (e2e)');

  // The same wager again: it says it is already deleted instead of offering the form.
  await page.goto(`/DeleteWager?idWager=${idWager}`);
  await expect(page.getByText(`Wager ${number} is already deleted.`)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Reason' })).toBeHidden();
});

test('delete wager without an id looks the wager up among open and graded bets', async ({
  page,
}) => {
  // Long report tables on a busy machine.
  test.slow();
  await page.goto('/DeleteWager');
  await expect(page.getByRole('heading', { name: 'Or browse recent wagers' })).toBeVisible();
  const first = page.getByRole('link', { name: /^Delete wager W\d+…$/ }).first();
  await expect(first).toBeVisible();
  expect(await seriousViolations(page, REPEATED_ROWS)).toEqual([]);
  await first.click();
  await expect(page).toHaveURL(/\/DeleteWager\?idWager=\d+/);
  await expect(page.getByRole('textbox', { name: 'Reason' })).toBeVisible();
});

test('delete wager finds a ticket of any date on the server and says it is graded', async ({
  page,
}) => {
  // Long report tables on a busy machine.
  test.slow();
  // A wager graded six weeks before the demo's today: the old lookup never loaded that far back.
  await openWagerCenter(page, '?tab=graded&startDate=2026-10-05&endDate=2026-10-11');
  const graded = page.getByRole('table', { name: /^Graded wagers/ });
  const first = graded.locator('tbody tr').first().getByRole('button');
  const number = (await first.innerText()).trim();
  expect(number).toMatch(/^W\d{9}$/);

  await page.goto('/DeleteWager');
  const box = page.getByRole('textbox', { name: 'Ticket number' });
  const find = page.getByRole('button', { name: 'Find', exact: true });
  await box.fill('8092x');
  await find.click();
  await expect(box).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Type a ticket number such as W000008092.')).toBeVisible();

  await box.fill('W999999999');
  await find.click();
  await expect(page.getByText('No wager W999999999 in your book.')).toBeVisible();

  // As shown, or typed in lower case: the server finds it.
  await box.fill(number.toLowerCase());
  await find.click();
  const found = page.getByRole('article', { name: `Wager ${number}` });
  await expect(found).toContainText('Graded');
  await expect(found).toContainText(/deleting it reverses the .+ its grading posted/);
  expect(await seriousViolations(page, REPEATED_ROWS)).toEqual([]);
  await found.getByRole('link', { name: `Delete wager ${number}…` }).click();
  await expect(page).toHaveURL(/\/DeleteWager\?idWager=\d+/);
  await expect(page.getByRole('heading', { name: `Wager ${number}` })).toBeVisible();
  await expect(page.getByText(/^This wager is graded\. Deleting it voids it/)).toBeVisible();

  // Voided, it reads as a void: in the changed bets' After (by the agent's login) and the graded list.
  await page.getByRole('textbox', { name: 'Reason' }).fill('Graded on the wrong score (e2e)');
  await page.getByRole('button', { name: 'Review deletion' }).click();
  await page.getByRole('button', { name: 'Delete wager', exact: true }).click();
  await expect(page.getByText(`Wager ${number} is deleted.`)).toBeVisible();
  await page.getByRole('link', { name: 'See it in the changed bets' }).click();
  const change = page
    .getByRole('table', { name: /^Changed wagers/ })
    .getByRole('row')
    .filter({ hasText: number });
  const cells = change.getByRole('cell');
  await expect(cells.nth(3)).toHaveText('MASTER');
  await expect(cells.nth(6)).toContainText('Deleted · Void');
  await expect(cells.nth(6)).not.toContainText('Win');
  await openWagerCenter(page, '?tab=graded&startDate=2026-10-05&endDate=2026-10-11');
  const listed = page
    .getByRole('table', { name: /^Graded wagers/ })
    .getByRole('row')
    .filter({ hasText: number });
  await expect(listed).toContainText('Void');
  await expect(listed.locator('.badge')).toHaveText('Void');
});

test('beat the line: beaters only keeps players who beat the close', async ({ page }) => {
  // Long report tables on a busy machine.
  test.slow();
  await page.goto('/beatTheLine');
  await expect(page.getByRole('heading', { name: 'Beat the line', level: 1 })).toBeVisible();
  await page.getByLabel('Period').selectOption({ label: 'This month' });
  const table = page.getByRole('table', { name: /^Closing line value by player/ });
  // The rows of the period before stay on screen while the month is fetched: count the month's.
  const body = page.locator('.report__body');
  await expect(page).toHaveURL(/[?&]startDate=\d{4}-\d{2}-01\b/);
  await expect(body).toHaveAttribute('aria-busy', 'false');
  await expect(table.getByRole('row', { name: /^Totals/ }).first()).toBeVisible();
  const players = table.locator('tbody tr');
  const before = await players.count();
  // Ranked by CLV score over enough graded legs from enough wagers, the minimums said on the
  // screen; the first player is ranked #1 and everyone ranked comes before anyone listed with too
  // few legs.
  await expect(
    page.getByText(
      /fewer than 20 graded legs, or legs from fewer than 10 wagers, are listed after the ranked ones/,
    ),
  ).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'CLV score (¢)' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  const ranks = await players.locator('.btl-rank').allInnerTexts();
  expect(ranks[0]).toBe('#1');
  const firstUnranked = ranks.findIndex((r) => r.startsWith('not ranked'));
  if (firstUnranked >= 0) {
    expect(ranks.slice(firstUnranked).every((r) => r.startsWith('not ranked'))).toBe(true);
  }

  // The box reflects the URL, so it turns on once the navigation lands: click, then expect.
  const beaters = page.getByRole('checkbox', { name: 'Beaters only' });
  await beaters.click();
  await expect(beaters).toBeChecked();
  await expect(page).toHaveURL(/[?&]beatersOnly=true/);
  await expect(body).toHaveAttribute('aria-busy', 'false');
  await expect.poll(() => players.count()).toBeLessThan(before);
  // Beaters: ranked players whose score is above zero.
  const scores = await players.locator('td.col-key').allInnerTexts();
  expect(scores.length).toBeGreaterThan(0);
  for (const score of scores) {
    expect(score).toMatch(/#\d+$/);
    expect(Number.parseFloat(score)).toBeGreaterThan(0);
  }
  expect(await seriousViolations(page, REPEATED_ROWS)).toEqual([]);

  await players.first().getByRole('button').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('columnheader', { name: 'Closing' })).toBeVisible();
  await expect(dialog.getByText(/(Beat|Not beaten)$/).first()).toBeVisible();
});

test('action by player converts into one currency and shows the rates used', async ({ page }) => {
  // Long report tables on a busy machine.
  test.slow();
  await page.goto('/ActionByPlayer');
  await expect(page.getByRole('heading', { name: 'Action by player', level: 1 })).toBeVisible();
  await page.getByLabel('Period').selectOption({ label: 'This month' });
  const table = page.getByRole('table', { name: /^Action by player/ });
  const totals = table.getByRole('row', { name: /^Totals/ });
  // One totals row per currency of the seeded book's players: USD, MXN and CAD.
  await expect(totals).toHaveCount(3);
  await expect(table.getByRole('columnheader', { name: 'Straight' })).toBeVisible();
  expect(await seriousViolations(page, REPEATED_ROWS)).toEqual([]);

  const oneCurrency = page.getByRole('switch', { name: 'In one currency' });
  await oneCurrency.click();
  await expect(oneCurrency).toBeChecked();
  await expect(page).toHaveURL(/[?&]isCurrencyReport=true/);
  await expect(page.getByText(/^Converted into [A-Z]{3} at:/)).toBeVisible();
  await expect(totals).toHaveCount(1);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  for (const [path, heading] of [
    ['/WagerCenter', 'Wager center'],
    ['/WagerCenter?tab=graded', 'Wager center'],
    ['/DeleteWager', 'Delete wager'],
    ['/beatTheLine', 'Beat the line'],
    ['/ActionByPlayer', 'Action by player'],
  ] as const) {
    test(`${path} fits 390 px without scrolling the page sideways`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      await expect(page.getByRole('table').or(page.getByRole('status')).first()).toBeVisible();
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth).toBeLessThanOrEqual(390);
    });
  }
});
