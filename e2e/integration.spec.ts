// The master agent's /Integration screen (issue 15): an integration key made (its secret shown once),
// rotated and revoked; the webhook address set (its signing secret shown once); an agent action
// delivered to a real receiver on loopback that first fails, the log showing the retry and the
// delivery, and a re-send. At 1280 and 390 px, with a screenshot of each; a sub-agent has no way in.
import { createServer, type Server } from 'node:http';
import { createHmac } from 'node:crypto';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { AG1, agentApi, logIn, MASTER, signedOut as test } from './support.ts';

interface Received {
  id: string;
  type: string;
  body: string;
  signature: string;
}

/** A platform's webhook receiver: the first delivery of each id is refused with a 500. */
async function startReceiver(): Promise<{ server: Server; url: string; received: Received[] }> {
  const received: Received[] = [];
  const refused = new Set<string>();
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const id = String(req.headers['x-backline-delivery']);
      if (!refused.has(id)) {
        refused.add(id);
        res.statusCode = 500;
        return res.end('not yet');
      }
      received.push({
        id,
        type: String(req.headers['x-backline-event']),
        body,
        signature: String(req.headers['x-backline-signature']),
      });
      res.end('ok');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/backline-hooks`, received };
}

/** AG1 sets a player's password through the API: an agent action the platform hears of. */
async function changeAPlayersPassword(request: APIRequestContext): Promise<string> {
  const ag1 = await agentApi(request, AG1);
  // Far down the list: other specs give the first players passwords of their own.
  const player = (await ag1.players('PL')).at(-1)!;
  const changed = await request.post('/api/reports/AgentSiteFrames/ChangeAgentsPassword', {
    headers: ag1.headers,
    data: { IdPlayer: player.Id, NewPassword: 'integration-e2e-password-1' },
  });
  expect(changed.status()).toBe(200);
  return player.Login;
}

async function openIntegration(page: Page, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 900 });
  await logIn(page, MASTER);
  if (width > 900) {
    await page.getByRole('button', { name: 'Account' }).click();
  } else {
    await page.getByRole('button', { name: /Menu/ }).click();
  }
  await page.getByRole('link', { name: 'Integration' }).click();
  await expect(page.getByRole('heading', { name: 'Integration', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Integration keys' })).toBeVisible();
}

async function pageScrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

for (const width of [1280, 390]) {
  test(`the master makes, rotates and revokes an integration key at ${width} px`, async ({
    page,
  }, testInfo) => {
    await openIntegration(page, width);
    const label = `Sportsbook ${width}`;
    await page.getByLabel('Label').fill(label);
    await page.getByRole('button', { name: 'Create key' }).click();

    const shown = page.getByRole('dialog', { name: `New key “${label}”` });
    await expect(shown.getByText('Backline shows it only this once')).toBeVisible();
    const secret = await shown.getByLabel('Secret').inputValue();
    expect(secret.length).toBeGreaterThanOrEqual(32);
    await testInfo.attach(`integration-secret-${width}`, {
      body: await page.screenshot({ fullPage: false }),
      contentType: 'image/png',
    });
    await shown.getByRole('button', { name: 'I have stored it' }).click();
    await expect(shown).toHaveCount(0);
    // Never again on screen.
    await expect(page.getByText(secret)).toHaveCount(0);

    const item = page.getByRole('listitem').filter({ hasText: label }).first();
    await expect(item.getByText('Live', { exact: true })).toBeVisible();
    await item.getByRole('button', { name: `Rotate key ${label}` }).click();
    const rotate = page.getByRole('dialog', { name: `Rotate “${label}”` });
    await rotate.getByLabel('Old one keeps working for').selectOption('1');
    await rotate.getByRole('button', { name: 'Rotate' }).click();
    const again = page.getByRole('dialog', { name: `New secret for “${label}”` });
    expect(await again.getByLabel('Secret').inputValue()).not.toBe(secret);
    await again.getByRole('button', { name: 'I have stored it' }).click();
    // The old key works for an hour beside its successor.
    const items = page.getByRole('listitem').filter({ hasText: label });
    await expect(items.filter({ hasText: 'Expiring' })).toHaveCount(1);
    await expect(items.filter({ hasText: 'Live' })).toHaveCount(1);

    const live = items.filter({ hasText: 'Live' });
    await live.getByRole('button', { name: `Revoke key ${label}` }).click();
    await page
      .getByRole('dialog', { name: `Revoke “${label}”?` })
      .getByRole('button', { name: 'Revoke' })
      .click();
    await expect(page.getByText(`Key “${label}” revoked.`)).toBeVisible();
    await expect(items.filter({ hasText: 'Revoked' })).toHaveCount(1);
    expect(await pageScrollsSideways(page)).toBe(false);
    await page.screenshot({
      path: testInfo.outputPath(`integration-${width}.png`),
      fullPage: true,
    });
  });
}

test('an agent action reaches the platform signed, the log shows the retry, and it is sent again on demand', async ({
  page,
  request,
}, testInfo) => {
  const receiver = await startReceiver();
  try {
    await openIntegration(page, 1280);
    await page.getByLabel('Address').fill(receiver.url);
    await page.getByRole('button', { name: 'Save address' }).click();
    // The first address makes the signing secret, shown once (or a kept one when a retry of this
    // test finds the address set before).
    const dialog = page.getByRole('dialog', { name: 'Webhook signing secret' });
    const secret = await dialog.getByLabel('Secret').inputValue();
    await dialog.getByRole('button', { name: 'I have stored it' }).click();
    await expect(page.getByText(`Ends in …${secret.slice(-4)}`)).toBeVisible();

    const player = await changeAPlayersPassword(request);
    await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBeGreaterThan(0);
    const first = receiver.received[0]!;
    expect(first.type).toBe('password.changed');
    expect(JSON.parse(first.body)).toMatchObject({ Id: first.id, Player: player, SiteId: 1 });
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})/.exec(first.signature)!;
    expect(v1).toBe(createHmac('sha256', secret).update(`${t}.${first.body}`).digest('hex'));

    const deliveries = page.getByRole('region', { name: 'Deliveries' });
    await deliveries.getByRole('button', { name: 'Refresh' }).click();
    const row = deliveries.getByRole('listitem').filter({ hasText: first.id });
    await expect(row.getByText('Delivered', { exact: true }).first()).toBeVisible();
    await row.getByText('2 attempts').click();
    await expect(row.getByText(/answered 500/)).toBeVisible();
    await expect(row.getByText(/answered 200/).first()).toBeVisible();

    await row.getByRole('button', { name: `Send delivery ${first.id} again` }).click();
    await expect(page.getByText('Queued to be sent again.')).toBeVisible();
    await expect
      .poll(() => receiver.received.filter((r) => r.id === first.id).length, { timeout: 30_000 })
      .toBe(2);
    await page.screenshot({
      path: testInfo.outputPath('integration-deliveries.png'),
      fullPage: true,
    });
  } finally {
    receiver.server.close();
  }
});

test('a sub-agent has no integration screen', async ({ page }) => {
  await logIn(page, AG1);
  await page.getByRole('button', { name: 'Account' }).click();
  await expect(page.getByRole('link', { name: 'Integration' })).toHaveCount(0);
  await page.goto('/Integration');
  await expect(page.getByText('You do not have access to this report.')).toBeVisible();
});
