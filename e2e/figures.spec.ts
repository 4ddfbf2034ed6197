// Issue 22 item 6: the figures a screen shows are the server's, cell by cell. Each screen is read
// beside the API's answer for the same filters, asked with the page's own session as the screen is
// read, and every amount is written by Intl on its own (money() in support.ts, not the app's
// formatter): a swapped column, a lost sign, a wrong currency or locale fails here. The seeded book
// is read under AG2SUB, whose players no other spec pays, adjusts or bets for; the euro book is an
// agent and players of this file's own, paid and adjusted below zero, read in English and Spanish.
import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import {
  agentApi,
  cellsOf,
  createAgent,
  fillLogin,
  money,
  newContext,
  pageApi,
  signedOut,
  test,
} from './support.ts';

const ENGLISH = 'en-US';
// Spanish with no region in the browser's languages: the app writes es-ES ("-1234,56 €").
const SPANISH = 'es-ES';
// The demo's week (demo-clock.ts): Thursday 2026-11-19, so this week runs from Monday the 16th.
const WEEK = { startDate: '2026-11-16', endDate: '2026-11-22' };

interface Figures {
  Carry: number;
  Days: number[];
  WeekTotal: number;
  Payments: number;
  Adjustments: number;
  Ending: number;
}
interface WeekRow extends Figures {
  Player: string;
  Currency: string;
}
interface WeekTotals extends Figures {
  Currency: string;
  Players: number;
}
interface Week {
  Agent: string;
  Rows: WeekRow[];
  Totals: WeekTotals[];
}
type Products = { Products: Record<'Sports' | 'Casino' | 'Horses' | 'Rbl', number> };
interface ByAgent {
  Blocks: { Agent: string; Players: (WeekRow & Products)[]; Totals: (WeekTotals & Products)[] }[];
  Totals: (WeekTotals & Products)[];
}
/** The week by agent's columns: the week's, with the products between the week and payments. */
const byAgentFigures = (f: Figures & Products) => [
  f.Carry,
  ...f.Days,
  f.WeekTotal,
  f.Products.Sports,
  f.Products.Casino,
  f.Products.Horses,
  f.Products.Rbl,
  f.Payments,
  f.Adjustments,
  f.Ending,
];
const STANDING_KEYS = [
  'CreditLimit',
  'Balance',
  'AtRisk',
  'Available',
  'FreePlayBalance',
  'ThisWeek',
  'LastWeek',
  'Sports',
  'Casino',
  'Horses',
] as const;
type Standing = Record<(typeof STANDING_KEYS)[number], number> & { Currency: string };
interface StandingRow extends Standing {
  Player: string;
  Agent: string;
}
interface StandingReport {
  Rows: StandingRow[];
  Totals: (Standing & { Players: number })[];
}
interface HistoryReport {
  Player: { Currency: string };
  OpeningBalance: number;
  ClosingBalance: number;
  Rows: { Amount: number; BalanceAfter: number; CreatedBy: string }[];
  Totals: { Count: number; Amount: number }[];
}
interface WagerRow {
  Ticket: string;
  Player: string;
  Currency: string;
  Risk: number;
  ToWin: number;
  Amount: number;
}
interface WagerPage {
  Rows: WagerRow[];
  Totals: { Currency: string; Count: number; Risk: number; ToWin: number; Amount: number }[];
}

const figures = (f: Figures) => [
  f.Carry,
  ...f.Days,
  f.WeekTotal,
  f.Payments,
  f.Adjustments,
  f.Ending,
];
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const startsWith = (text: string) => new RegExp(`^${escape(text)}`);
/**
 * A totals row's label with its count of players: "Totals All 1,204 players", "Totals 2 players",
 * "Totales Su único jugador" (the count as the locale writes it).
 */
const playerCount = (n: number, locale: string) =>
  n === 1
    ? /^Total.*(only player|único jugador|\D1 (player|jugador))$/
    : new RegExp(`^Total.*\\D${escape(n.toLocaleString(locale))} (players|jugadores)$`);

/** The body row of a report table whose player (or ticket) is `key`. */
const rowOf = (table: Locator, key: string) =>
  table
    .locator('tbody > tr')
    .filter({ has: table.page().locator(':scope > th', { hasText: startsWith(key) }) });

/** The weekly balance on screen against the server's week: the first rows given and the totals. */
async function checkWeek(page: Page, week: Week, locale: string, rows: number): Promise<number[]> {
  const table = page.getByRole('table');
  const shown: number[] = [];
  for (const row of week.Rows.slice(0, rows)) {
    const amounts = figures(row);
    await expect(cellsOf(rowOf(table, row.Player)), row.Player).toHaveText([
      startsWith(row.Player),
      ...amounts.map((m) => money(m, row.Currency, locale)),
    ]);
    shown.push(...amounts);
  }
  const totals = table.locator('tfoot > tr');
  await expect(totals).toHaveCount(week.Totals.length);
  for (const [i, total] of week.Totals.entries()) {
    await expect(cellsOf(totals.nth(i)), `totals in ${total.Currency}`).toHaveText([
      playerCount(total.Players, locale),
      ...figures(total).map((m) => money(m, total.Currency, locale)),
    ]);
    shown.push(...figures(total));
  }
  return shown;
}

async function checkStanding(page: Page, report: StandingReport, locale: string, rows: number) {
  const table = page.getByRole('table');
  const shown: number[] = [];
  for (const row of report.Rows.slice(0, rows)) {
    await expect(cellsOf(rowOf(table, row.Player)), row.Player).toHaveText([
      startsWith(row.Player),
      row.Agent,
      ...STANDING_KEYS.map((k) => money(row[k], row.Currency, locale)),
    ]);
    shown.push(...STANDING_KEYS.map((k) => row[k]));
  }
  const totals = table.locator('tfoot > tr');
  await expect(totals).toHaveCount(report.Totals.length);
  for (const [i, total] of report.Totals.entries()) {
    await expect(cellsOf(totals.nth(i)), `totals in ${total.Currency}`).toHaveText([
      playerCount(total.Players, locale),
      '',
      ...STANDING_KEYS.map((k) => money(total[k], total.Currency, locale)),
    ]);
  }
  return shown;
}

/** The history's entries (amount and balance after), its edges and its totals by type. */
async function checkHistory(page: Page, report: HistoryReport, locale: string) {
  const cur = report.Player.Currency;
  const table = page.getByRole('table').first();
  const body = table.locator('tbody > tr:not(.spacer)');
  // The opening balance, then one row per entry.
  await expect(body).toHaveCount(report.Rows.length + 1);
  await expect(cellsOf(body.first()).nth(2)).toHaveText(money(report.OpeningBalance, cur, locale));
  for (const [i, row] of report.Rows.entries()) {
    const cells = cellsOf(body.nth(i + 1));
    await expect(cells.nth(3), `entry ${i + 1}`).toHaveText(money(row.Amount, cur, locale));
    await expect(cells.nth(4), `entry ${i + 1}`).toHaveText(money(row.BalanceAfter, cur, locale));
  }
  const closing = cellsOf(table.locator('tfoot > tr'));
  await expect(closing.nth(2)).toHaveText(money(report.ClosingBalance, cur, locale));
  const byType = page.getByRole('region', { name: /^(Totals by type|Totales por tipo)/ });
  await expect(byType.locator('tbody > tr')).toHaveCount(report.Totals.length);
  for (const [i, total] of report.Totals.entries()) {
    await expect(cellsOf(byType.locator('tbody > tr').nth(i)).nth(2)).toHaveText(
      money(total.Amount, cur, locale),
    );
  }
  const net = report.Totals.reduce((n, t) => n + t.Amount, 0);
  await expect(cellsOf(byType.locator('tfoot > tr')).nth(2)).toHaveText(money(net, cur, locale));
}

/** A wager list against the server's page: ticket, player, risk, to win (and result) of each row. */
async function checkWagers(table: Locator, report: WagerPage, graded: boolean, locale: string) {
  const headers = (await table.getByRole('columnheader').allInnerTexts()).map((h) => h.trim());
  const column = (name: string) => {
    const i = headers.indexOf(name);
    expect(i, `a '${name}' column among ${headers.join(', ')}`).toBeGreaterThan(0);
    return i;
  };
  const figures: [number, keyof WagerRow][] = [
    [column('Risk'), 'Risk'],
    [column('To win'), 'ToWin'],
    ...(graded ? [[column('Result amount'), 'Amount'] as [number, keyof WagerRow]] : []),
  ];
  const rows = table.locator('tbody > tr:not(.spacer)');
  await expect(rows).toHaveCount(report.Rows.length);
  for (const [r, wager] of report.Rows.slice(0, 5).entries()) {
    const cells = cellsOf(rows.nth(r));
    await expect(cells.first()).toHaveText(startsWith(wager.Ticket));
    await expect(cells.nth(column('Player'))).toHaveText(startsWith(wager.Player));
    for (const [i, key] of figures) {
      await expect(cells.nth(i), `${wager.Ticket} ${key}`).toHaveText(
        money(wager[key] as number, wager.Currency, locale),
      );
    }
  }
  const totals = table.locator('tfoot > tr');
  await expect(totals).toHaveCount(report.Totals.length);
  for (const [i, total] of report.Totals.entries()) {
    const shown = totals.nth(i);
    await expect(cellsOf(shown).first()).toHaveText(`Totals · ${total.Currency}`);
    await expect(cellsOf(shown).nth(1)).toHaveText(
      new RegExp(`^All pages · ${total.Count.toLocaleString(locale)} wagers?$`),
    );
    // The money cells of the totals row, in column order.
    const amounts = [total.Risk, total.ToWin, ...(graded ? [total.Amount] : [])];
    await expect(shown.locator(':scope > td.num').filter({ hasText: /\d/ })).toHaveText([
      ...amounts.map((m) => money(m, total.Currency, locale)),
      // The legs column counts no total.
    ]);
  }
}

/** The id of an agent of the signed-in agent's tree, by login. */
async function agentId(page: Page, login: string): Promise<number> {
  const api = await pageApi(page);
  const tree = await api.get<{ Nodes: { Kind: string; Id: number; Login: string }[] }>(
    'GetAgentPlayerTree',
    { search: login },
  );
  const node = tree.Nodes.find((n) => n.Kind === 'agent' && n.Login === login);
  if (!node) throw new Error(`no agent ${login} in the tree`);
  return node.Id;
}

/** Waits for a report screen to have drawn its answer: its heading, no skeleton, nothing busy. */
async function drawn(page: Page, heading: RegExp): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.locator('.table-skeleton')).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByRole('table').first()).toBeVisible();
}

test.describe('the seeded book under AG2SUB, in dollars, as MASTER', () => {
  test('weekly balance, by agent in one currency, and player standing: rows and totals', async ({
    page,
  }) => {
    await page.goto('/WeeklyBalance');
    const idAgent = await agentId(page, 'AG2SUB');
    const api = await pageApi(page);

    await page.goto(`/WeeklyBalance?period=2&idAgent=${idAgent}`);
    await drawn(page, /^Weekly balance/);
    const week = await api.post<Week>('WeeklyBalance', {
      idAgent,
      period: 2,
      sort: 'player',
      dir: 'asc',
      page: 1,
      pageSize: 100,
    });
    expect(week.Agent).toBe('AG2SUB');
    const weekShown = await checkWeek(page, week, ENGLISH, 5);
    expect(
      weekShown.some((m) => m < 0),
      'a loss among the figures compared',
    ).toBe(true);
    expect(
      weekShown.some((m) => m > 0),
      'a win among the figures compared',
    ).toBe(true);

    // The week by agent, in one currency: AG2SUB's block and its grand totals, converted.
    await page.goto(`/NewWeeklyBalance?period=2&idAgent=${idAgent}&isCurrencyReport=1`);
    await drawn(page, /^Weekly balance by agent/);
    const byAgent = await api.post<ByAgent>('NewWeeklyBalance', {
      idAgent,
      period: 2,
      isCurrencyReport: true,
    });
    expect(byAgent.Blocks.map((b) => b.Agent)).toEqual(['AG2SUB']);
    const block = byAgent.Blocks[0]!;
    expect(new Set(block.Players.map((p) => p.Currency))).toEqual(new Set(['USD']));
    const blockTable = page.getByRole('region', { name: 'Players of AG2SUB' });
    for (const row of block.Players.slice(0, 5)) {
      await expect(cellsOf(rowOf(blockTable, row.Player)), row.Player).toHaveText([
        startsWith(row.Player),
        ...byAgentFigures(row).map((m) => money(m, row.Currency, ENGLISH)),
      ]);
    }
    for (const [table, totals] of [
      [blockTable, block.Totals],
      [page.getByRole('region', { name: /^Grand totals of AG2SUB/ }), byAgent.Totals],
    ] as const) {
      await expect(table.locator('tfoot > tr')).toHaveCount(totals.length);
      for (const [i, total] of totals.entries()) {
        await expect(cellsOf(table.locator('tfoot > tr').nth(i))).toHaveText([
          /totals$/i,
          ...byAgentFigures(total).map((m) => money(m, total.Currency, ENGLISH)),
        ]);
      }
    }

    await page.goto(`/PlayerStanding?idAgent=${idAgent}`);
    await drawn(page, /^Player standing/);
    const standing = await api.post<StandingReport>('PlayerStanding', {
      idAgent,
      activeOnly: false,
      isCurrencyReport: false,
    });
    const standingShown = await checkStanding(page, standing, ENGLISH, 5);
    expect(
      standingShown.some((m) => m < 0),
      'a negative among the figures compared',
    ).toBe(true);
  });

  test("a player's history: entries, balances and totals by type", async ({ page }) => {
    await page.goto('/WeeklyBalance');
    const idAgent = await agentId(page, 'AG2SUB');
    const api = await pageApi(page);
    // The player of AG2SUB with the most entries this week: wagers placed, graded and lost.
    const week = await api.post<Week & { Rows: (WeekRow & { IdPlayer: number })[] }>(
      'WeeklyBalance',
      { idAgent, period: 2, sort: 'week', dir: 'asc', page: 1, pageSize: 1 },
    );
    const player = week.Rows[0]!;
    expect(player.WeekTotal, `${player.Player} lost this week`).toBeLessThan(0);

    await page.goto(`/PlayerHistory?idPlayer=${player.IdPlayer}`);
    await drawn(page, new RegExp(`^Player history.*${player.Player}`));
    const history = await api.post<HistoryReport>('GetPlayerHistoryReport', {
      idPlayer: player.IdPlayer,
      period: 2,
    });
    expect(history.Rows.length, 'entries this week').toBeGreaterThan(1);
    expect(history.Rows.some((r) => r.Amount < 0)).toBe(true);
    await checkHistory(page, history, ENGLISH);
  });

  test('the wager center, open and graded', async ({ page }) => {
    await page.goto('/WeeklyBalance');
    const idAgent = await agentId(page, 'AG2SUB');
    const api = await pageApi(page);
    const list = { idAgent, page: 1, pageSize: 50, dir: 'desc' };

    await page.goto(`/WagerCenter?idAgent=${idAgent}`);
    await drawn(page, /^Wager center/);
    const open = await api.get<WagerPage>('GetOpenBets', { ...list, sort: 'placedAt' });
    expect(open.Rows.length, 'open wagers of AG2SUB').toBeGreaterThan(0);
    await checkWagers(page.getByRole('table', { name: /^Open wagers/ }), open, false, ENGLISH);

    await page.goto(
      `/WagerCenter?tab=graded&idAgent=${idAgent}&startDate=${WEEK.startDate}&endDate=${WEEK.endDate}`,
    );
    await drawn(page, /^Wager center/);
    const graded = await api.get<WagerPage>('GetGradedBetsReport', {
      ...list,
      sort: 'gradedAt',
      ...WEEK,
    });
    expect(
      graded.Rows.some((w) => w.Amount < 0),
      'a lost wager on the first page',
    ).toBe(true);
    await checkWagers(page.getByRole('table', { name: /^Graded wagers/ }), graded, true, ENGLISH);
  });
});

/**
 * A fresh agent of the second site (euros) with two players of its own: one paid 1,234.56 in and
 * debited 12,345.67, one paid 2,500.75 out and credited 0.99; both end the week below zero.
 */
async function euroBook(request: APIRequestContext) {
  const master = await agentApi(request, { login: 'MASTER2', password: 'demo-master', siteId: 2 });
  const login = `FIG${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 100)}`;
  const password = `figures pass phrase of the euro book`;
  await createAgent(request, master.headers, {
    login,
    name: `Figures ${login}`,
    password,
    rights: ['viewReports', 'managePlayers', 'managePayments', 'enterAdjustments'],
    creditLimitCap: 1_000_000,
    maxWagerCap: 100_000,
  });
  const agent = { login, password, siteId: 2 };
  const { headers } = await agentApi(request, agent);
  const call = async (path: string, data: object) => {
    const response = await request.post(`/api/reports/AgentSiteFrames/${path}`, { headers, data });
    expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
    return response.json();
  };
  const players: { login: string; id: number }[] = [];
  const moves = [
    { payment: ['receipt', 123_456], adjustment: ['debit', 1_234_567] },
    { payment: ['disbursement', 250_075], adjustment: ['credit', 99] },
  ] as const;
  for (const [i, move] of moves.entries()) {
    const player = `${login}P${i + 1}`;
    const created = await call('CreatePlayer', {
      login: player,
      name: `Jugador ${i + 1}`,
      access: 'password',
      password,
    });
    const idPlayer = created.Player.IdPlayer as number;
    const [direction, amount] = move.payment;
    await call('InsertPlayerPayment', {
      idPlayer,
      amount,
      direction,
      method: 'cash',
      note: 'e2e figures',
      idempotencyKey: randomUUID(),
    });
    await call('InsertPlayerAdjustment', {
      idPlayer,
      amount: move.adjustment[1],
      direction: move.adjustment[0],
      reason: 'e2e figures',
      idempotencyKey: randomUUID(),
    });
    players.push({ login: player, id: idPlayer });
  }
  return { agent, players };
}

signedOut(
  'a fresh book in euros reads the same on screen, in English and in Spanish',
  async ({ browser, request }) => {
    const book = await euroBook(request);
    const context = await newContext(browser, { baseURL: process.env.BACKLINE_URL });
    const page = await context.newPage();
    await page.goto('/login?SiteId=2');
    await fillLogin(page, book.agent);
    await expect(page).toHaveURL(/\/WeeklyBalance(\?|$)/);
    const api = await pageApi(page);

    const logins = book.players.map((p) => p.login);
    const idPlayer = book.players[0]!.id;
    for (const view of [
      {
        label: 'English',
        locale: ENGLISH,
        headings: {
          week: /^Weekly balance/,
          standing: /^Player standing/,
          history: /^Player history/,
        },
        ending: '-€11,111.11',
      },
      {
        label: 'Español',
        locale: SPANISH,
        headings: {
          week: /^Balance semanal/,
          standing: /^Estado de jugadores/,
          history: /^Historial del jugador/,
        },
        // Euros after the figure, a comma for decimals, a point between thousands, a minus first.
        ending: '-11.111,11 €',
      },
    ]) {
      await page.getByLabel(/^(Language|Idioma)$/).selectOption({ label: view.label });
      await page.goto('/WeeklyBalance?period=2');
      await drawn(page, view.headings.week);
      const week = await api.post<Week>('WeeklyBalance', { period: 2, page: 1, pageSize: 100 });
      expect(week.Rows.map((r) => r.Player)).toEqual(logins);
      expect(week.Totals.map((t) => [t.Currency, t.Ending])).toEqual([
        ['EUR', 123_456 - 1_234_567 - 250_075 + 99],
      ]);
      await checkWeek(page, week, view.locale, 2);
      // The first player's ending, written out by hand once, beside Intl's writing of it.
      await expect(cellsOf(rowOf(page.getByRole('table'), logins[0]!)).last()).toHaveText(
        view.ending,
      );

      await page.goto('/PlayerStanding');
      await drawn(page, view.headings.standing);
      const standing = await api.post<StandingReport>('PlayerStanding', {
        activeOnly: false,
        isCurrencyReport: false,
      });
      expect(standing.Rows.map((r) => r.Player)).toEqual(logins);
      await checkStanding(page, standing, view.locale, 2);

      await page.goto(`/PlayerHistory?idPlayer=${idPlayer}`);
      await drawn(page, view.headings.history);
      const history = await api.post<HistoryReport>('GetPlayerHistoryReport', {
        idPlayer,
        period: 2,
      });
      expect(history.Rows.map((r) => r.Amount)).toEqual([123_456, -1_234_567]);
      await checkHistory(page, history, view.locale);
    }
    await context.close();
  },
);
