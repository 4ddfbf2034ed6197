// Exports in the browser: a report's own Export button and the ExportExcel center download a file
// that opens (read back here with an xlsx reader), at desktop and phone width.
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import ExcelJS from 'exceljs';
import { expect, type Download, type Page } from '@playwright/test';
import { SESSION_KEY, seriousViolations, test } from './support.ts';

const SHOTS = resolve(import.meta.dirname, '../test-results/screenshots');
const HEADER_ROW = 6;

async function download(page: Page, click: () => Promise<void>): Promise<Download> {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  expect(await file.failure()).toBeNull();
  return file;
}

async function sheetOf(file: Download): Promise<ExcelJS.Worksheet> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await file.path());
  return book.worksheets[0]!;
}

/** Rows under the header that are not totals rows. */
function dataRows(sheet: ExcelJS.Worksheet): ExcelJS.Row[] {
  const rows: ExcelJS.Row[] = [];
  sheet.eachRow((row, n) => {
    if (n > HEADER_ROW && !String(row.getCell(1).value ?? '').startsWith('Total')) rows.push(row);
  });
  return rows;
}

test('a report downloads what it shows as xlsx, and as csv from the same button', async ({
  page,
}) => {
  await page.goto('/WeeklyBalance?period=3');
  await expect(page.getByRole('heading', { level: 1, name: 'Weekly balance' })).toBeVisible();
  const count = page.locator('.report__count');
  await expect(count).toHaveText(/^[\d,]+ players?$/);
  const players = Number((await count.innerText()).replace(/\D/g, ''));

  const xlsx = await download(page, () =>
    page.getByRole('button', { name: 'Export to Excel' }).click(),
  );
  expect(xlsx.suggestedFilename()).toMatch(
    /^weekly-balance_MASTER_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.xlsx$/,
  );
  // The browser downloaded a one-time ticket's URL: no session token in it, and no second use.
  expect(xlsx.url()).toMatch(/\/AgentSiteFrames\/Export\/[\w-]{20,}$/);
  const session = await page.evaluate((key) => sessionStorage.getItem(key), SESSION_KEY);
  const token = (JSON.parse(session ?? '{}') as { Token?: string }).Token;
  expect(token).toBeTruthy();
  expect(xlsx.url()).not.toContain(token!);
  expect((await page.request.get(xlsx.url())).status()).toBe(401);
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: /^[\d,]+ rows exported; the file is in your downloads\.$/ }),
  ).toBeVisible();
  const sheet = await sheetOf(xlsx);
  expect(sheet.getCell('A1').value).toBe('Weekly balance');
  expect(String(sheet.getCell('A2').value)).toMatch(/^Agent: MASTER/);
  expect(sheet.getRow(HEADER_ROW).getCell(1).value).toBe('Player');
  const rows = dataRows(sheet);
  expect(rows).toHaveLength(players);
  expect(rows[0]!.getCell(5).type).toBe(ExcelJS.ValueType.Number);
  await expect(page.getByText(`${players.toLocaleString('en-US')} rows exported`)).toBeVisible();

  const csv = await download(page, () =>
    page.getByRole('button', { name: 'Export to CSV' }).click(),
  );
  expect(csv.suggestedFilename()).toMatch(/\.csv$/);
  const text = await readFile(await csv.path(), 'utf8');
  expect(text.startsWith('\uFEFFPlayer,Name,Agent,Currency,Carry,')).toBe(true);
  // The header, a line per player and a totals line per currency.
  expect(text.trimEnd().split('\r\n').length).toBeGreaterThan(players);
});

test('the wager center exports the tab on screen with its filters', async ({ page }) => {
  await page.goto('/WagerCenter?tab=graded');
  await expect(page.getByRole('heading', { level: 1, name: 'Wager center' })).toBeVisible();
  await expect(page.getByRole('table').first()).toBeVisible();
  const file = await download(page, () =>
    page.getByRole('button', { name: 'Export to Excel' }).click(),
  );
  const sheet = await sheetOf(file);
  expect(sheet.getCell('A1').value).toBe('Graded wagers');
  expect(sheet.getRow(HEADER_ROW).getCell(1).value).toBe('Ticket');
  const first = dataRows(sheet)[0]!;
  expect(first.getCell(2).type).toBe(ExcelJS.ValueType.Date);
});

test('ExportExcel: pick a report, its filters and a period; download; listed for the session', async ({
  page,
}) => {
  await page.goto('/ExportExcel');
  await expect(page.getByRole('heading', { level: 1, name: 'Export to Excel' })).toBeVisible();
  await expect(page.getByText('Nothing exported yet in this session.')).toBeVisible();

  await page.getByLabel('Report').selectOption({ label: 'Graded wagers' });
  await page.getByLabel('Period').selectOption({ label: 'Last week' });
  await page.getByLabel('Sport', { exact: true }).selectOption({ label: 'NFL' });
  await expect(page).toHaveURL(/report=gradedBets/);
  await expect(page).toHaveURL(/sport=NFL/);
  const file = await download(page, () =>
    page.getByRole('button', { name: 'Download', exact: true }).click(),
  );
  expect(file.suggestedFilename()).toMatch(/^graded-wagers_MASTER_.*\.xlsx$/);
  const sheet = await sheetOf(file);
  expect(sheet.getCell('A1').value).toBe('Graded wagers');
  expect(String(sheet.getCell('A5').value)).toContain('Sport: NFL');
  for (const row of dataRows(sheet)) expect(row.getCell(9).value).toBe('NFL');

  const rows = dataRows(sheet).length;
  const recent = page.getByRole('region', { name: 'Exported in this session' });
  await expect(recent.getByText('Graded wagers')).toBeVisible();
  await expect(recent.getByText(new RegExp(`· ${rows} rows?$`))).toBeVisible();
  const again = await download(page, () =>
    recent.getByRole('button', { name: /^Download Graded wagers of .+ again$/ }).click(),
  );
  expect(again.suggestedFilename()).toBe(file.suggestedFilename());
  expect((await sheetOf(again)).getCell('A1').value).toBe('Graded wagers');
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({
    path: join(SHOTS, 'export-excel-1280.png'),
    fullPage: true,
    animations: 'disabled',
  });
});

test('an export shows its progress and can be cancelled before the browser gets the file', async ({
  page,
}) => {
  // The page gets a ticket the server never issued, so its download is refused and the real
  // ticket waits unused, as when a slow network has not yet delivered the browser's request.
  await page.route(/\/AgentSiteFrames\/ExportTicket$/, async (route) => {
    const response = await route.fetch();
    const issued = (await response.json()) as { Ticket: string };
    await route.fulfill({ response, json: { ...issued, Ticket: `held${issued.Ticket}` } });
  });
  await page.goto('/WeeklyBalance?period=3');
  await expect(page.getByRole('heading', { level: 1, name: 'Weekly balance' })).toBeVisible();
  await page.getByRole('button', { name: 'Export to CSV' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Starting the download…' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Cancel the export' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Export cancelled after 0 rows.' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel the export' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Export to CSV' })).toBeEnabled();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('ExportExcel fits 390 px and exports a player history as csv', async ({ page }) => {
    await page.goto('/ExportExcel?report=playerHistory&period=6');
    await expect(page.getByRole('heading', { level: 1, name: 'Export to Excel' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Download', exact: true })).toBeDisabled();
    await page.getByLabel('Player', { exact: true }).fill('PL1001');
    await page
      .getByRole('button', { name: /PL1001/ })
      .first()
      .click();
    await expect(page.getByRole('button', { name: 'Download', exact: true })).toBeEnabled();
    // The format lives in the URL: the radio shows it once the router has moved, not at the click
    // itself (so `check()`, which looks at once, can see it unchecked).
    await page.getByLabel('CSV (.csv)').click();
    await expect(page.getByLabel('CSV (.csv)')).toBeChecked();
    const file = await download(page, () =>
      page.getByRole('button', { name: 'Download', exact: true }).click(),
    );
    expect(file.suggestedFilename()).toMatch(/^player-history_PL1001_.*\.csv$/);
    const text = await readFile(await file.path(), 'utf8');
    expect(text).toMatch(/^\uFEFFDate[^,]*,Type,Description,Amount,/);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(390);
    await page.screenshot({
      path: join(SHOTS, 'export-excel-390.png'),
      fullPage: true,
      animations: 'disabled',
    });
  });
});
