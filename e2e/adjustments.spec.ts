// An agent enters an adjustment from the Player payments screen (issue 14 item 2): credit or debit,
// the amount read strictly in the browser's regional notation, a required reason, and a confirm step
// showing the amount as it will post and the balance after; then the line in the player's history.
// In English at 1280 and 390 px as MASTER, and in Spanish under es-ES as MASTER2 ("1.234,50").
import { expect, type Browser, type Page } from '@playwright/test';
import { fillLogin, newContext, signedOut as test } from './support.ts';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

async function signIn(
  browser: Browser,
  who: { login: string; password: string; siteId: number; locale: string; spanish?: boolean },
): Promise<Page> {
  const context = await newContext(browser, {
    baseURL: process.env.BACKLINE_URL,
    viewport: DESKTOP,
    locale: who.locale,
  });
  const page = await context.newPage();
  await page.goto(`/login?SiteId=${who.siteId}`);
  if (who.spanish) {
    await page.getByLabel(/^(Language|Idioma)$/).selectOption({ label: 'Español' });
    await page.getByRole('textbox', { name: 'Usuario' }).fill(who.login);
    await page.getByLabel('Contraseña', { exact: true }).fill(who.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
  } else {
    await fillLogin(page, who);
  }
  await expect(page).toHaveURL(/\/WeeklyBalance(\?|$)/);
  return page;
}

/** Minor units of a figure as the page shows it in `locale` ("-$1,234.50", "-1.234,50 €"). */
async function minorOf(page: Page, shown: string, locale: string): Promise<number> {
  return page.evaluate(
    ([text, loc]) => {
      const parts = new Intl.NumberFormat(loc).formatToParts(-12345.6);
      const group = parts.find((p) => p.type === 'group')!.value;
      const decimal = parts.find((p) => p.type === 'decimal')!.value;
      const negative = /[-\u2212]/.test(text);
      const digits = text
        .split(group)
        .join('')
        .replace(decimal, '.')
        .replace(/[^\d.]/g, '');
      return (negative ? -1 : 1) * Math.round(Number(digits) * 100);
    },
    [shown, locale] as const,
  );
}

/** A figure in minor units as the page writes it in `locale` and `currency`. */
function moneyIn(page: Page, minor: number, locale: string, currency: string): Promise<string> {
  return page.evaluate(
    ([m, loc, cur]) =>
      new Intl.NumberFormat(loc, { style: 'currency', currency: cur }).format(m / 100),
    [minor, locale, currency] as const,
  );
}

interface Words {
  enter: string;
  form: string;
  player: string;
  matching: string;
  amount: RegExp;
  readBack: string;
  credit: string;
  debit: string;
  reason: string;
  submit: string;
  reasonRequired: string;
  amountRequired: string;
  check: string;
  amountToPost: string;
  /** "Balance of PL1001 after". */
  balanceAfter: (player: string) => string;
  summary: (
    direction: 'credit' | 'debit',
    amount: string,
    player: string,
    reason: string,
  ) => string;
  post: (amount: string) => string;
  saved: (direction: 'credit' | 'debit', amount: string, player: string) => string;
  line: (reason: string) => string;
}

const ENGLISH: Words = {
  enter: 'Enter an adjustment',
  form: 'New player adjustment',
  player: 'Player',
  matching: 'Matching players',
  amount: /^Amount/,
  readBack: 'Will post',
  credit: 'Credit',
  debit: 'Debit',
  reason: 'Reason',
  submit: 'Record adjustment',
  reasonRequired: 'Give the reason for this adjustment.',
  amountRequired: 'Enter an amount.',
  check: 'Check before posting',
  amountToPost: 'Amount to post',
  balanceAfter: (p) => `Balance of ${p} after`,
  summary: (d, a, p, r) => `${d === 'credit' ? 'Credit' : 'Debit'} of ${a} to ${p}: ${r}`,
  post: (a) => `Post ${a}`,
  saved: (d, a, p) => `${d === 'credit' ? 'Credit' : 'Debit'} of ${a} to ${p} recorded.`,
  line: (r) => `Adjustment: ${r}`,
};

const SPANISH: Words = {
  enter: 'Registrar un ajuste',
  form: 'Nuevo ajuste de jugador',
  player: 'Jugador',
  matching: 'Jugadores que coinciden',
  amount: /^Importe/,
  readBack: 'Se registrará',
  credit: 'Abono',
  debit: 'Cargo',
  reason: 'Motivo',
  submit: 'Registrar ajuste',
  reasonRequired: 'Indique el motivo de este ajuste.',
  amountRequired: 'Introduzca un importe.',
  check: 'Compruebe antes de registrar',
  amountToPost: 'Importe que se registrará',
  balanceAfter: (p) => `Saldo de ${p} después`,
  summary: (d, a, p, r) => `${d === 'credit' ? 'Abono' : 'Cargo'} de ${a} a ${p}: ${r}`,
  post: (a) => `Registrar ${a}`,
  saved: (d, a, p) => `${d === 'credit' ? 'Abono' : 'Cargo'} de ${a} a ${p} registrado.`,
  line: (r) => `Ajuste: ${r}`,
};

/**
 * Enters one adjustment through the form and its confirm step, checks the figures it shows, and
 * finds the line in the player's history.
 */
async function enterAdjustment(
  page: Page,
  w: Words,
  a: {
    search: string;
    typed: string;
    minor: number;
    direction: 'credit' | 'debit';
    reason: string;
    locale: string;
    currency: string;
  },
): Promise<void> {
  await page.goto('/PlayerPayment');
  await page.getByRole('button', { name: w.enter }).click();
  const form = page.getByRole('form', { name: w.form });
  await expect(form.getByRole('radio', { name: new RegExp(`^${w.credit}`) })).toBeChecked();

  // Nothing chosen or typed: each missing field says so, and nothing is offered to post.
  await form.getByRole('button', { name: w.submit }).click();
  await expect(form.getByText(w.reasonRequired)).toBeVisible();
  await expect(form.getByText(w.amountRequired)).toBeVisible();
  await expect(form.getByRole('group', { name: w.check })).toHaveCount(0);

  await form.getByRole('searchbox', { name: w.player }).fill(a.search);
  const option = form.getByRole('list', { name: w.matching }).getByRole('button').first();
  const player = (await option.locator('.player__login').innerText()).trim();
  await option.click();
  const before = await minorOf(
    page,
    await form.locator('.payment-form__chosen .money').innerText(),
    a.locale,
  );

  const shown = await moneyIn(page, a.minor, a.locale, a.currency);
  await form.getByLabel(w.amount).fill(a.typed);
  await expect(form.getByText(`${w.readBack} ${shown}`)).toBeVisible();
  if (a.direction === 'debit')
    await form.getByRole('radio', { name: new RegExp(`^${w.debit}`) }).check();
  await form.getByRole('textbox', { name: w.reason }).fill(a.reason);
  await form.getByRole('button', { name: w.submit }).click();

  const confirm = form.getByRole('group', { name: w.check });
  await expect(confirm).toContainText(w.summary(a.direction, shown, player, a.reason));
  const figure = (label: string) => confirm.locator('dl > div').filter({ hasText: label });
  await expect(figure(w.amountToPost).locator('dd')).toHaveText(shown);
  const after = before + (a.direction === 'credit' ? a.minor : -a.minor);
  await expect(figure(w.balanceAfter(player)).locator('dd')).toHaveText(
    await moneyIn(page, after, a.locale, a.currency),
  );

  const answer = page.waitForResponse((r) => r.url().includes('/InsertPlayerAdjustment'));
  await confirm.getByRole('button', { name: w.post(shown) }).click();
  const posted = (await (await answer).json()) as {
    Adjustment: { IdPlayer: number; BalanceAfter: number };
  };
  expect(posted.Adjustment.BalanceAfter).toBe(after);
  await expect(
    page.getByRole('status').filter({ hasText: w.saved(a.direction, shown, player) }),
  ).toBeVisible();
  await expect(form).toBeHidden();

  await page.goto(
    `/PlayerHistory?idPlayer=${posted.Adjustment.IdPlayer}&period=0&transactionType=3`,
  );
  await expect(page.getByRole('cell', { name: w.line(a.reason), exact: true })).toBeVisible();
}

test.describe.serial('adjustments in English as MASTER', () => {
  let page: Page;
  test.beforeAll(async ({ browser }) => {
    test.setTimeout(90_000);
    page = await signIn(browser, {
      login: 'MASTER',
      password: 'demo-master',
      siteId: 1,
      locale: 'en-US',
    });
  });
  test.afterAll(async () => {
    await page?.context().close();
  });

  test('at 1280 px: a debit typed as "1,234.50", confirmed, then in the history', async () => {
    await page.setViewportSize(DESKTOP);
    await enterAdjustment(page, ENGLISH, {
      search: 'PL1',
      typed: '1,234.50',
      minor: 123_450,
      direction: 'debit',
      reason: 'e2e chargeback at 1280',
      locale: 'en-US',
      currency: 'USD',
    });
  });

  test('at 390 px: a credit, confirmed, and the page never scrolls sideways', async () => {
    await page.setViewportSize(PHONE);
    await enterAdjustment(page, ENGLISH, {
      search: 'PL1',
      typed: '12.50',
      minor: 1_250,
      direction: 'credit',
      reason: 'e2e goodwill at 390',
      locale: 'en-US',
      currency: 'USD',
    });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
  });

  test('a payment form turns into an adjustment keeping the player and the amount', async () => {
    await page.setViewportSize(PHONE);
    await page.goto('/PlayerPayment');
    await page.getByRole('button', { name: 'Enter a payment' }).click();
    const form = page.getByRole('form', { name: 'New player payment' });
    await form.getByRole('searchbox', { name: 'Player' }).fill('PL1');
    await form.getByRole('list', { name: 'Matching players' }).getByRole('button').first().click();
    // "12,50" is no amount in en-US: refused, never read as 1,250.
    await form.getByLabel(/^Amount/).fill('12,50');
    await form.getByRole('radio', { name: /^Adjustment/ }).check();
    const adjustment = page.getByRole('form', { name: 'New player adjustment' });
    await expect(adjustment.getByText(/is ambiguous here/)).toBeVisible();
    await expect(adjustment.getByRole('button', { name: 'Change player' })).toBeVisible();
    await expect(adjustment.getByLabel('Method')).toHaveCount(0);
    await adjustment.getByRole('button', { name: 'Cancel' }).click();
    await expect(adjustment).toBeHidden();
  });
});

test.describe.serial('adjustments in Spanish as MASTER2', () => {
  let page: Page;
  test.beforeAll(async ({ browser }) => {
    test.setTimeout(90_000);
    page = await signIn(browser, {
      login: 'MASTER2',
      password: 'demo-master',
      siteId: 2,
      locale: 'es-ES',
      spanish: true,
    });
  });
  test.afterAll(async () => {
    await page?.context().close();
  });

  test('at 1280 px under es-ES: "1.234,50" posts 1.234,50 €, confirmed, then in the history', async () => {
    await page.setViewportSize(DESKTOP);
    await enterAdjustment(page, SPANISH, {
      search: 'ES2',
      typed: '1.234,50',
      minor: 123_450,
      direction: 'credit',
      reason: 'Corrección e2e',
      locale: 'es-ES',
      currency: 'EUR',
    });
  });
});
