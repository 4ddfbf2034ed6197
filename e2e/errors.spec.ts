import { expect, test, type Page } from '@playwright/test';
import { SESSION_KEY, logIn } from './support.ts';

const storedSession = (page: Page) =>
  page.evaluate((key) => sessionStorage.getItem(key), SESSION_KEY);

/**
 * Logs in on a session of its own (these screens end it, so the worker's shared one must not be
 * used) and keeps one signed call, to ask the server afterwards whether the token still works.
 */
async function logInKeepingACall(page: Page): Promise<{ url: string; authorization: string }> {
  const signed = page.waitForRequest(
    (r) => r.method() === 'GET' && r.headers().authorization !== undefined,
  );
  await logIn(page);
  const request = await signed;
  return { url: request.url(), authorization: request.headers().authorization as string };
}

for (const [path, heading, text] of [
  ['/nope', 'Error 404', 'Page Not Found'],
  ['/401', 'Error 401', 'Unauthorized'],
] as const) {
  test(`${path} lands on "${heading}", which ends the session here and on the server`, async ({
    page,
  }) => {
    const call = await logInKeepingACall(page);
    expect(await storedSession(page)).not.toBeNull();
    const before = await page.request.get(call.url, {
      headers: { authorization: call.authorization },
    });
    expect(before.status()).toBe(200);

    const loggedOut = page.waitForResponse((r) => r.url().includes('/Logout'));
    await page.goto(path);
    if (path === '/nope') await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await expect(page.getByText(text)).toBeVisible();
    expect(await storedSession(page)).toBeNull();
    expect((await loggedOut).status()).toBe(200);

    const after = await page.request.get(call.url, {
      headers: { authorization: call.authorization },
    });
    expect(after.status()).toBe(401);
  });
}
