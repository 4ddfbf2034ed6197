// The idle limit seen from the screen, with the browser's clock driven by the test: a warning a
// minute before, Stay signed in, and a form that survives the end of its session.
import { expect, test, type Page, type Request, type Response } from '@playwright/test';
import { MASTER, logIn, totalsRow } from './support.ts';

const keptAlive = (page: Page) =>
  page.waitForResponse((r) => r.url().includes('/KeepAlive') && r.request().method() === 'POST');

/**
 * Waits until the page has no call in flight (the notification stream aside) for a second of real
 * time: an answer landing after the clock jumped would rightly start a new idle period. A screen
 * may ask for more once it has drawn what came (the weekly balance asks for the rates), hence the
 * second, on a busy machine.
 */
function trackCalls(page: Page): { quiet: () => Promise<void> } {
  let inFlight = 0;
  const counted = (r: Request) => r.resourceType() === 'fetch';
  page.on('request', (r) => void (counted(r) && inFlight++));
  const done = (r: Request) => void (counted(r) && inFlight--);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    quiet: async () => {
      let calm = 0;
      while (calm < 10) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        calm = inFlight === 0 ? calm + 1 : 0;
      }
    },
  };
}

/**
 * The clock installed, and the notification stream kept off: a jump of the clock silences its
 * heartbeats, and the reconnect's ticket call (a real call, which moves the session on) would
 * restart the idle period in the middle of the test.
 */
async function idleClock(page: Page): Promise<void> {
  await page.clock.install();
  await page.route('**/NotificationStreamTicket', (route) => route.abort());
}

/** A keep-alive answered 200, and the page has read it (its new end is known before time moves on). */
async function settled(page: Page, response: Response): Promise<void> {
  expect(response.status()).toBe(200);
  await response.finished();
  await page.evaluate(() => new Promise((resolve) => queueMicrotask(() => resolve(null))));
}

// Each test logs in on its own: these sessions are ended, so the worker's shared one must not be used.
test('a minute before the idle limit a dialog counts down; Stay signed in keeps the session', async ({
  page,
}) => {
  await idleClock(page);
  const calls = trackCalls(page);
  await logIn(page);
  await expect(totalsRow(page)).toBeVisible();
  await calls.quiet();
  await page.clock.fastForward('29:05');
  const dialog = page.getByRole('dialog', { name: 'Still there?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/You'll be signed out in/)).toHaveText(
    /You'll be signed out in (5\d|60) s for inactivity\./,
  );
  const kept = keptAlive(page);
  await dialog.getByRole('button', { name: 'Stay signed in' }).click();
  await settled(page, await kept);
  await expect(dialog).toBeHidden();
  // A full idle period again from now: no warning at 29 minutes, one just before 30.
  await page.clock.fastForward('28:30');
  await expect(dialog).toBeHidden();
  await page.clock.fastForward('01:00');
  await expect(dialog).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Weekly balance' })).toBeAttached();
});

test('a form being filled keeps its session, and after the end keeps what was typed until the agent signs in again', async ({
  page,
}) => {
  await idleClock(page);
  const calls = trackCalls(page);
  await logIn(page);
  await page.goto('/PlayerPayment');
  await page.getByRole('button', { name: 'Enter a payment' }).click();
  const note = page.getByRole('textbox', { name: 'Note' });
  // The typing comes after the screen's last call: a call answered after it would rightly make
  // the agent idle since then (on a busy machine the screen's lists can land late).
  await calls.quiet();
  await note.fill('Half now, half on Friday');
  await calls.quiet();

  // Typing is activity, though no call went out: the session is kept without asking.
  const kept = keptAlive(page);
  await page.clock.fastForward('29:10');
  await settled(page, await kept);
  const warning = page.getByRole('dialog', { name: 'Still there?' });
  await expect(warning).toBeHidden();

  // Then left alone: the warning, and the end.
  await page.clock.fastForward('29:10');
  await expect(warning).toBeVisible();
  const loggedOut = page.waitForResponse((r) => r.url().includes('/Logout'));
  await page.clock.fastForward('01:00');
  const ended = page.getByRole('dialog', { name: 'You were signed out' });
  await expect(ended).toBeVisible();
  expect((await loggedOut).status()).toBe(200);

  await ended.getByLabel('Password', { exact: true }).fill(MASTER.password);
  await ended.getByRole('button', { name: 'Sign in again' }).click();
  await expect(ended).toBeHidden();
  await expect(page).toHaveURL(/\/PlayerPayment$/);
  await expect(note).toHaveValue('Half now, half on Friday');
});
