// The audit log in the browser (issue 20 item 1): the master makes a payment, opens /AuditLog at
// 1280 px and on a 390 px phone, narrows it to payments (in the URL), finds the row it caused with
// who, on whom and the balance before → after, and reads the whole row in its dialog.
import { randomUUID } from 'node:crypto';
import { join, resolve } from 'node:path';
import { expect, type Page } from '@playwright/test';
import {
  agentApi,
  logIn,
  logInFramed,
  MASTER,
  openFromMenuBar,
  signedOut as test,
  WIDTHS,
} from './support.ts';

const SHOTS = resolve(import.meta.dirname, '../test-results/screenshots');

const usd = (minor: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(minor / 100);

const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

for (const { label, viewport } of WIDTHS) {
  test(`the master finds the payment it made in the audit log, at ${label}`, async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    const { headers, players } = await agentApi(request, MASTER);
    const [player] = await players('PL1001');
    const amount = 10_000 + Math.floor(Math.random() * 90_000);
    const res = await request.post('/api/reports/AgentSiteFrames/InsertPlayerPayment', {
      headers,
      data: {
        idPlayer: player!.Id,
        amount,
        direction: 'receipt',
        method: 'cash',
        note: 'e2e audit',
        idempotencyKey: randomUUID(),
      },
    });
    expect(res.status(), await res.text()).toBe(200);
    const after = ((await res.json()) as { Payment: { BalanceAfter: number } }).Payment
      .BalanceAfter;
    const change = `Balance: ${usd(after - amount)} → ${usd(after)}`;

    await page.setViewportSize(viewport);
    await logIn(page, MASTER);
    if (viewport.width > 760) {
      await page.goto('/AuditLog');
      await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
      await page.getByLabel('Action', { exact: true }).selectOption({ label: 'Payments' });
      await expect(page).toHaveURL(/[?&]group=payments/);
    } else {
      // A phone folds the filters behind one button; the filter is in the URL all the same.
      await page.goto('/AuditLog?group=payments');
      await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
      await expect(page.getByRole('button', { name: /Filters.*Payments/ })).toBeVisible();
    }
    const table = page.getByRole('table', { name: /^Audit log, / });
    const row = table.getByRole('row').filter({ hasText: change });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('MASTER');
    await expect(row).toContainText('Player payment');
    await expect(row).toContainText('Player PL1001');
    // Only payments are listed.
    const actions = await table.locator('tbody tr').allInnerTexts();
    expect(actions.length).toBeGreaterThan(0);
    expect(actions.every((text) => /Player payment|Agent settlement/.test(text))).toBe(true);
    expect(await fitsWidth(page)).toBe(true);
    await page.screenshot({
      path: join(SHOTS, `audit-log-${viewport.width}.png`),
      animations: 'disabled',
    });

    await row.getByRole('button', { name: /^Everything row #\d+ kept$/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Player payment' });
    const changes = dialog.getByRole('table', { name: 'What changed' });
    await expect(changes.getByRole('row', { name: /Balance/ })).toContainText(usd(after - amount));
    await expect(changes.getByRole('row', { name: /Balance/ })).toContainText(usd(after));
    await expect(dialog).toContainText('Note: e2e audit');
    await expect(dialog).toContainText(`Amount: ${usd(amount)}`);
    await page.screenshot({
      path: join(SHOTS, `audit-log-row-${viewport.width}.png`),
      animations: 'disabled',
    });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
  });
}

test('the audit log opens from the Account menu framed by an agent site on another origin', async ({
  page,
}) => {
  const frame = await logInFramed(page);
  await openFromMenuBar(frame, 'Account', { name: 'Audit log', exact: true });
  await expect(frame.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  await expect(frame.getByRole('table', { name: /^Audit log, / })).toBeVisible();
});
