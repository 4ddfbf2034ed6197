// Issue 18's master sheet in the browser, at desk and phone width: the master opens its sheet, finds
// a fresh sub-agent whose player lost this week, sets its deal (read back before it is saved),
// reads the commission, head fee and what the sub-agent owes, settles part of it from the row, and
// sees the rest brought forward into the next week. Everything it reads is its own fresh agent's.
import { resolve } from 'node:path';
import ExcelJS from 'exceljs';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import {
  agentApi,
  appNow,
  cellsOf,
  createAgent,
  feedEvents,
  MASTER,
  platformFeed,
  seriousViolations,
  test,
} from './support.ts';

const SHOTS = process.env.MS_SHOTS ?? resolve(import.meta.dirname, '../test-results/screenshots');
/**
 * A fresh sub-agent of the master with no deal, and a player of its own who lost $110.00 this week
 * (the demo's now is Thursday 2026-11-19; the wager is placed and graded an hour before it).
 */
async function freshAgent(request: APIRequestContext, tag: string): Promise<string> {
  const login = `MSA${tag}${Date.now() % 1_000_000}`;
  const master = await agentApi(request, MASTER);
  await createAgent(request, master.headers, {
    login,
    name: `Sheet ${tag}`,
    password: 'sheet pass phrase of the spec',
    rights: ['viewReports'],
    creditLimitCap: 500_000,
    maxWagerCap: 50_000,
  });
  const at = (minutes: number) => new Date(appNow().getTime() - minutes * 60_000).toISOString();
  const player = `${login}P`;
  const game = `${login}-G`;
  const event = feedEvents(login);
  await platformFeed(request, [
    event('player.created', at(60), {
      Player: player,
      Agent: login,
      Name: 'Ona Sheet',
      CreditLimit: 100_000,
    }),
    event('game.created', at(60), {
      Game: game,
      Sport: 'NFL',
      League: 'NFL',
      Home: 'Home',
      Away: 'Away',
      StartsAt: '2026-11-29T18:00:00Z',
    }),
    event('wager.placed', at(50), {
      Wager: `${login}-A`,
      Player: player,
      WagerType: 'straight',
      Risk: 11_000,
      ToWin: 10_000,
      Legs: [{ Game: game, Market: 'moneyline', Selection: 'Home', Odds: -110 }],
    }),
    event('wager.graded', at(40), {
      Wager: `${login}-A`,
      Result: 'loss',
      Legs: [{ Result: 'loss', ClosingOdds: -120 }],
    }),
  ]);
  return login;
}

/** A row's cell under the column named `header`. */
async function cell(table: Locator, row: Locator, header: string): Promise<Locator> {
  const headers = (await table.getByRole('columnheader').allInnerTexts()).map((h) => h.trim());
  const at = headers.indexOf(header);
  expect(at, `a '${header}' column among ${headers.join(', ')}`).toBeGreaterThan(0);
  return cellsOf(row).nth(at);
}

async function expectCells(table: Locator, row: Locator, want: Record<string, string | RegExp>) {
  for (const [header, text] of Object.entries(want)) {
    await expect(await cell(table, row, header)).toHaveText(text);
  }
}

async function run(page: Page, request: APIRequestContext, tag: string) {
  const width = page.viewportSize()!.width;
  const login = await freshAgent(request, tag);

  // The sheet opens on the last week ended, closed at Tuesday's cut-off.
  await page.goto('/MasterSheet');
  await expect(page.getByRole('heading', { level: 1, name: 'Master sheet' })).toBeVisible();
  await expect(page.getByText('Nov 9 – 15, 2026').first()).toBeVisible();
  await expect(page.getByText(/^Closed on Nov 17, 2026, 12:00 PM EST: final$/)).toBeVisible();

  // The master sees when the weeks close (the demo's: Tuesday 12:00); left as it is.
  await page.getByRole('button', { name: 'When weeks close' }).click();
  const cutoff = page.getByRole('dialog', { name: 'When the weekly sheets close' });
  await expect(cutoff.getByLabel('Day')).toHaveValue('2');
  await expect(cutoff.getByRole('option', { selected: true })).toHaveText('Tuesday after the week');
  await expect(cutoff.getByLabel('Time')).toHaveValue('12:00');
  await cutoff.getByRole('button', { name: 'Cancel' }).click();
  await expect(cutoff).toBeHidden();

  // The weekly e-mail is the master's own choice, kept across visits; put back as it was.
  const email = page.getByRole('checkbox', { name: 'E-mail me this sheet every week' });
  const asked = await email.isChecked();
  await email.setChecked(!asked);
  await page.reload();
  await expect(email).toBeChecked({ checked: !asked });
  await email.setChecked(asked);
  await page.reload();
  await expect(email).toBeChecked({ checked: asked });

  await page.getByRole('button', { name: 'Next week' }).click();
  await expect(page).toHaveURL(/[?&]week=2026-11-16/);
  await expect(page.getByText(/^Open: closes on Nov 24, 2026, 12:00 PM EST$/)).toBeVisible();
  const table = page.getByRole('table', { name: 'Settle of MASTER with its sub-agents' });
  const row = table.getByRole('row', { name: new RegExp(`^${login}\\b`) });
  // No deal yet: the agent owes its players' whole loss.
  await expectCells(table, row, {
    // The deal's cell is its button, the result's the link to the players' weekly balance.
    Deal: /: No deal$/,
    'Players’ result': /: -\$110\.00$/,
    'Commission / split': '$0.00',
    'Active players': '1',
    'Owed this week': '$110.00 owes you',
    'Balance forward': '$110.00 owes you',
    Status: /^Open/,
  });

  // The deal: commission 25 % and $5.00 a head from this week, read back before it is saved.
  await expect(
    row.getByRole('link', { name: `Weekly balance of the players of ${login}: -$110.00` }),
  ).toHaveAttribute('href', /^\/NewWeeklyBalance\?idAgent=\d+&period=2$/);
  await row.getByRole('button', { name: `Deal of ${login}: No deal` }).click();
  const deal = page.getByRole('dialog', { name: `Deal of ${login}` });
  await expect(deal.getByText('In force: No deal')).toBeVisible();
  await expect(deal.getByLabel('From the week of (a Monday)')).toHaveValue('2026-11-16');
  await deal.getByLabel('Percent (sports and live betting)').fill('25');
  await deal.getByLabel('Fee per active player a week (USD)').fill('5,00');
  await deal.getByRole('button', { name: 'Review the deal' }).click();
  // "5,00" is not how en-US writes five dollars: refused, never read as 500.
  await expect(deal.getByText(/“5,00” is ambiguous here/)).toBeVisible();
  await deal.getByLabel('Fee per active player a week (USD)').fill('5.00');
  await deal.getByRole('button', { name: 'Review the deal' }).click();
  const check = deal.getByRole('group', { name: 'Check the deal before saving' });
  await expect(check).toContainText('Commission 25% · $5.00 a head');
  await expect(check).toContainText('From the week of Mon, Nov 16, 2026 on.');
  await expect(check.getByRole('heading')).toBeFocused();
  await page.screenshot({ path: `${SHOTS}/master-sheet-deal-${width}.png` });
  await check.getByRole('button', { name: 'Save the deal' }).click();
  await expect(deal).toBeHidden();

  // 25 % of the $110.00 the players lost is earned; one active player's fee is owed on top.
  await expectCells(table, row, {
    Deal: /: Commission 25% · \$5\.00 a head$/,
    'Commission / split': '$27.50',
    'Head fees': '$5.00',
    'Owed this week': '$87.50 owes you',
    'Balance forward': '$87.50 owes you',
    Status: /^Open/,
  });
  await page.screenshot({ path: `${SHOTS}/master-sheet-${width}.png`, fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);

  // Settle from the row: the form opens on the balance forward, the agent paying its master.
  await row.getByRole('button', { name: `Settle with ${login}` }).click();
  const settle = page.getByRole('dialog', { name: `Settle with ${login}` });
  const amount = settle.getByLabel('Amount (USD)');
  await expect(amount).toHaveValue('87.50');
  await expect(settle.getByRole('radio', { name: /^To master/ })).toBeChecked();
  await amount.fill('50.00');
  await settle.getByRole('button', { name: 'Record settlement' }).click();
  await expect(settle.getByText(`${login} pays its master $50.00`)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/master-sheet-settle-${width}.png` });
  await settle.getByRole('button', { name: 'Post $50.00' }).click();
  await expect(settle).toBeHidden();
  await expectCells(table, row, {
    Paid: '$50.00',
    'Balance forward': '$37.50 owes you',
    Status: /^Partly settled/,
  });

  // The Excel file holds the week on screen, the row as it reads now.
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export to Excel' }).click(),
  ]);
  expect(file.suggestedFilename()).toMatch(/^master-sheet_MASTER_2026-11-16_2026-11-22\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await file.path());
  const lines: ExcelJS.Row[] = [];
  book.worksheets[0]!.eachRow((line) => {
    if (line.getCell(1).value === login) lines.push(line);
  });
  expect(lines).toHaveLength(1);
  // Earnings, owed, paid and balance forward, in dollars.
  expect([11, 14, 16, 17].map((c) => lines[0]!.getCell(c).value)).toEqual([27.5, 87.5, 50, 37.5]);

  // What is left is brought forward into the next week.
  await page.getByRole('button', { name: 'Next week' }).click();
  await expect(page).toHaveURL(/[?&]week=2026-11-23/);
  await expect(page.getByText('Nov 23 – 29, 2026').first()).toBeVisible();
  await expectCells(table, row, {
    'Brought forward': '$37.50',
    'Owed this week': '$0.00 even',
    Paid: '$0.00',
    'Balance forward': '$37.50 owes you',
    Status: /^Open/,
  });
  await expect(page.getByRole('button', { name: 'Next week' })).toBeDisabled();

  // A sub-agent with sub-agents of its own opens its sheet; the breadcrumb leads back up.
  await page.getByRole('button', { name: 'Previous week' }).click();
  await table.getByRole('link', { name: 'Open the sheet of AG1' }).click();
  await expect(page).toHaveURL(/[?&]week=2026-11-16/);
  const own = page.getByRole('region', { name: 'Settle of AG1 with its master this week' });
  await expect(own).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/master-sheet-ag1-${width}.png`, fullPage: true });
  const crumbs = page.getByRole('navigation', { name: 'Sheets above this one' });
  await expect(crumbs.getByRole('listitem')).toHaveText(['Your sheet', 'AG1']);
  await crumbs.getByRole('link', { name: 'Your sheet' }).click();
  await expect(
    page.getByRole('table', { name: 'Settle of MASTER with its sub-agents' }),
  ).toBeVisible();

  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(width);
}

test('the master sets a fresh sub-agent’s deal, settles part and sees the rest carried', async ({
  page,
  request,
}) => {
  await run(page, request, 'D');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the master sheet works at 390 px', async ({ page, request }) => {
    await run(page, request, 'P');
  });
});
