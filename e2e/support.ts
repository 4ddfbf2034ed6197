// What the specs share: the demo log-in, the way a user logs in (on a page or inside a frame), and
// a signed-in `test` that reuses one log-in per worker, as the server rightly limits log-ins.
import { AxeBuilder } from '@axe-core/playwright';
import { createHmac } from 'node:crypto';
import {
  expect,
  test as base,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Frame,
  type FrameLocator,
  type Locator,
  type Page,
} from '@playwright/test';
import { DEMO_NOW } from './demo-clock.ts';

export const MASTER = { login: 'MASTER', password: 'demo-master', siteId: 1 };
export const AG1 = { login: 'AG1', password: 'demo-agent', siteId: 1 };
export const SESSION_KEY = 'backline.session';
export const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

function fromSetup(name: 'BACKLINE_URL' | 'BACKLINE_EMBED_URL' | 'BACKLINE_CLOCK_STARTED'): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run through e2e/playwright.config.ts`);
  return value;
}

/** The embedding site's address, set by global-setup.ts. */
export const embedUrl = () => fromSetup('BACKLINE_EMBED_URL');

/** What the server's clock reads now: DEMO_NOW when global-setup.ts started it, moving on since. */
/** The app's frame inside the agent site's page. */
export function appFrame(page: Page): Frame {
  const frame = page.frames().find((f) => f !== page.mainFrame());
  if (!frame) throw new Error('the agent site has no frame');
  return frame;
}

/**
 * Opens the agent site that frames the app from another origin, and checks the condition the
 * framed tests are about rather than assume it: the frame has no storage at all.
 */
export async function openBlockedFrame(
  page: Page,
  baseURL: string | undefined,
): Promise<FrameLocator> {
  await page.goto(embedUrl());
  expect(new URL(page.url()).origin).not.toBe(new URL(baseURL as string).origin);
  const frame = page.frameLocator('iframe[title="Backline"]');
  await expect(frame.getByRole('heading', { name: 'Backline' })).toBeVisible();
  const storage = await appFrame(page).evaluate(() => {
    try {
      sessionStorage.getItem('x');
      return 'available';
    } catch (error) {
      return (error as Error).name;
    }
  });
  expect(storage, 'the frame has no storage').toBe('SecurityError');
  return frame;
}

export const appNow = () =>
  new Date(Date.parse(DEMO_NOW) + Date.now() - Number(fromSetup('BACKLINE_CLOCK_STARTED')));

/** The browser's clock set to `at` (default: the server's now), moving on in real time from there. */
export async function setClock(context: BrowserContext, at: Date = appNow()): Promise<void> {
  await context.clock.install({ time: at });
}

/** A new browser context whose "today" is the server's; every context a spec opens comes from here. */
export async function newContext(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await setClock(context);
  return context;
}

/** Pages not signed in, whose browser reads the server's clock. */
export const signedOut = base.extend({
  context: async ({ context }, use) => {
    await setClock(context);
    await use(context);
  },
});

export async function fillLogin(
  root: Page | FrameLocator,
  credentials: { login: string; password: string } = MASTER,
): Promise<void> {
  await root.getByRole('textbox', { name: 'Login' }).fill(credentials.login);
  await root.getByLabel('Password', { exact: true }).fill(credentials.password);
  await root.getByRole('button', { name: 'Log in' }).click();
}

/** The `Authorization` header the web sends: its session's e-mail, token, acted-for agent and site. */
function tokenHeader(email: unknown, token: unknown, actAs: unknown, siteId: unknown): string {
  return `Token ${Buffer.from([email, token, actAs, siteId].join('|')).toString('base64')}`;
}

/**
 * An agent signed in through the API, for a spec to act as it directly: the headers of a signed,
 * CSRF-checked call, and the agent's own tree (players and sub-agents, filtered by `search`).
 */
export async function agentApi(request: APIRequestContext, agent: typeof MASTER) {
  const health = await request.get('/healthz');
  // Set on the context's first call; a second agent on the same context finds it kept.
  const kept = (await request.storageState()).cookies.find((c) => c.name === 'bl_csrf');
  const csrf = /bl_csrf=([^;]+)/.exec(health.headers()['set-cookie'] ?? '')?.[1] ?? kept!.value;
  const cookieHeaders = { cookie: `bl_csrf=${csrf}`, 'x-csrf-token': csrf };
  const session = await (
    await request.post('/api/core/WebClient4Frames/Login', {
      headers: cookieHeaders,
      data: { Player: agent.login, Password: agent.password, SiteId: agent.siteId },
    })
  ).json();
  const headers = {
    ...cookieHeaders,
    authorization: tokenHeader(session.UserEmail, session.Token, 0, agent.siteId),
  };
  const players = async (search: string): Promise<{ Id: number; Login: string }[]> => {
    const tree = await (
      await request.get(
        `/api/reports/AgentSiteFrames/GetAgentPlayerTree?search=${encodeURIComponent(search)}`,
        { headers },
      )
    ).json();
    return tree.Nodes.filter((n: { Kind: string }) => n.Kind === 'player');
  };
  return { headers, players };
}

// The demo's documented integration key of site 1 (README, docs/integration.md).
const PLATFORM_KEY_ID = 'bk_demo0000000000000000001';
const PLATFORM_SECRET = 'bs_demo-secret-for-site-1-do-not-use-in-production';

/** The platform's events of one spec, in the order made: `<prefix>-1`, `<prefix>-2`, ... */
export function feedEvents(prefix: string) {
  let n = 0;
  return (Type: string, OccurredAt: string, Data: object) => ({
    EventId: `${prefix}-${++n}`,
    Type,
    OccurredAt,
    Data,
  });
}

/** Sends the platform's events to site 1 as one signed NDJSON batch; every line must apply. */
export async function platformFeed(request: APIRequestContext, events: object[]): Promise<void> {
  const body = events.map((e) => JSON.stringify(e)).join('\n');
  const t = Math.floor(appNow().getTime() / 1000);
  const v1 = createHmac('sha256', PLATFORM_SECRET).update(`${t}.${body}`).digest('hex');
  const res = await request.post('/api/platform/v1/events:batch', {
    headers: {
      'content-type': 'application/x-ndjson',
      'x-backline-key': PLATFORM_KEY_ID,
      'x-backline-signature': `t=${t},v1=${v1}`,
    },
    data: body,
  });
  expect(res.status(), await res.text()).toBe(200);
  const answer: unknown = await res.json();
  expect(answer, JSON.stringify(answer)).toMatchObject({ Applied: events.length, Rejected: 0 });
}

/**
 * Logs in inside the app framed by the agent site (another origin) and waits for the landing
 * screen: the frame, to go on in.
 */
export async function logInFramed(
  page: Page,
  agent: typeof MASTER = MASTER,
): Promise<FrameLocator> {
  await page.goto(embedUrl());
  const frame = page.frameLocator('iframe[title="Backline"]');
  await fillLogin(frame, agent);
  await expect(frame.getByRole('heading', { name: 'Weekly balance' })).toBeVisible();
  return frame;
}

/** Opens a screen from the menu bar as it stands at a desk: its group's button, then its link. */
export async function openFromMenuBar(
  root: Page | FrameLocator,
  group: string,
  link: { name: string; exact?: boolean },
): Promise<void> {
  const nav = root.getByRole('navigation');
  await nav.getByRole('button', { name: new RegExp(`^${group}\\b`) }).click();
  await nav.getByRole('link', link).click();
}

/** Logs in through the form (as the demo master agent of site 1) and waits for the landing screen. */
export async function logIn(page: Page, agent: typeof MASTER = MASTER): Promise<void> {
  await page.goto(`/login?SiteId=${agent.siteId}`);
  await fillLogin(page, agent);
  await expect(page).toHaveURL(/\/WeeklyBalance(\?|$)/);
  await expect(page.getByRole('heading', { name: 'Weekly balance' })).toBeVisible();
}

/** The totals row (one per currency when the agent's players use several). */
export const totalsRow = (root: Page | Locator) =>
  root.getByRole('row', { name: /^Totals/ }).first();

interface AgentSession {
  storageState: Exclude<BrowserContextOptions['storageState'], string | undefined>;
  session: string;
}

/**
 * Pages already signed in as MASTER: the session entry the app keeps in sessionStorage is put back
 * into each new tab, cookies come from the storage state. Tests here must not log out: the session
 * is shared by the worker; log in with logIn() for that.
 */
export const test = signedOut.extend<object, { agentSession: AgentSession }>({
  agentSession: [
    async ({ browser }, use) => {
      const context = await newContext(browser, { baseURL: fromSetup('BACKLINE_URL') });
      const page = await context.newPage();
      await logIn(page);
      const session = await page.evaluate((key) => sessionStorage.getItem(key), SESSION_KEY);
      if (!session) throw new Error(`Logged in, but sessionStorage has no '${SESSION_KEY}'`);
      const storageState = await context.storageState();
      await context.close();
      await use({ storageState, session });
    },
    // Its own time: the first log-in of a worker can meet a server still warming up.
    { scope: 'worker', timeout: 120_000 },
  ],
  storageState: async ({ agentSession }, use) => use(agentSession.storageState),
  context: async ({ context, agentSession }, use) => {
    // Once per tab, so the app's own clearing (log-out, error screens) is not undone on navigation.
    await context.addInitScript(
      ([key, value]) => {
        if (sessionStorage.getItem('e2e.restored')) return;
        sessionStorage.setItem('e2e.restored', '1');
        sessionStorage.setItem(key, value);
      },
      [SESSION_KEY, agentSession.session] as const,
    );
    await use(context);
  },
});

/** Opens the weekly balance as the signed-in agent and waits for its figures. */
export async function openWeeklyBalance(page: Page): Promise<void> {
  await page.goto('/WeeklyBalance');
  await expect(page.getByRole('heading', { name: 'Weekly balance' })).toBeVisible();
  await expect(totalsRow(page)).toBeVisible();
}

/** The first non-zero day cell of the weekly balance: a button that opens the day's transactions. */
export async function firstDayButton(table: Locator): Promise<Locator> {
  await expect(totalsRow(table)).toBeVisible();
  const headers = (await table.getByRole('columnheader').allInnerTexts()).map((h) => h.trim());
  const monday = headers.findIndex((h) => /^Mon\b/.test(h));
  expect(monday, `a 'Mon' column among ${headers.join(', ')}`).toBeGreaterThan(0);
  const rows = table.getByRole('row').filter({ hasNot: table.page().getByRole('columnheader') });
  const count = await rows.count();
  for (let r = 0; r < count; r++) {
    const cells = rows
      .nth(r)
      .locator(':scope > :is(td, th, [role=cell], [role=gridcell], [role=rowheader])');
    for (let d = monday; d < monday + DAYS.length; d++) {
      const button = cells.nth(d).getByRole('button');
      if ((await button.count()) > 0) return button.first();
    }
  }
  throw new Error('No day cell of the weekly balance is a button (no non-zero day?)');
}

/**
 * Serious and critical axe violations of the page as it settles: checked once the route fade and
 * any other running animation have finished, since a half-faded screen has no real contrast.
 * `exclude` skips markup that repeats (rows past the first few of a long table).
 */
export async function seriousViolations(page: Page, exclude?: string): Promise<string[]> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running'),
  );
  const builder = new AxeBuilder({ page });
  if (exclude) builder.exclude(exclude);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    );
}

/**
 * The API as the page's own session calls it (its token, the agent it acts for, its CSRF cookie):
 * for a test to ask the server, at the moment it reads a screen, what the screen should show.
 */
export async function pageApi(page: Page) {
  const { session, csrf } = await page.evaluate(
    (key) => ({
      session: JSON.parse(sessionStorage.getItem(key) ?? '{}') as Record<string, unknown>,
      csrf: /(?:^|;\s*)bl_csrf=([^;]+)/.exec(document.cookie)?.[1] ?? '',
    }),
    SESSION_KEY,
  );
  const headers = {
    authorization: tokenHeader(
      session.UserEmail,
      session.Token,
      session.ActAs ?? 0,
      session.SiteId,
    ),
    'x-csrf-token': decodeURIComponent(csrf),
  };
  const answer = async <T>(response: Awaited<ReturnType<APIRequestContext['get']>>) => {
    expect(response.status(), `${response.url()}: ${await response.text()}`).toBe(200);
    return (await response.json()) as T;
  };
  const url = (path: string) => `/api/reports/AgentSiteFrames/${path}`;
  return {
    post: async <T>(path: string, body: object) =>
      answer<T>(await page.request.post(url(path), { headers, data: body })),
    get: async <T>(path: string, query: Record<string, string | number>) =>
      answer<T>(await page.request.get(url(path), { headers, params: query })),
  };
}

/**
 * An amount in minor units as a reader of `locale` writes it ("-$1,234.56", "-1234,56 €"): Intl's own
 * currency format, apart from the app's formatter, so a screen is checked against an independent
 * writing. Every currency of the demo has two decimals.
 */
export function money(minor: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(minor / 100);
}

/** The page itself does not scroll sideways (a wide table scrolls inside its own box). */
export async function noSideScroll(page: Page): Promise<void> {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: document.documentElement.clientWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(width);
}

/** A table row's cells in order, its row header first. */
export const cellsOf = (row: Locator) => row.locator(':scope > th, :scope > td');

/** The two widths a screen is checked at: a desk and a phone. */
export const WIDTHS = [
  { name: 'desktop', label: '1280 px', viewport: { width: 1280, height: 800 }, phone: false },
  { name: 'phone', label: 'a 390 px phone', viewport: { width: 390, height: 844 }, phone: true },
] as const;

/** What a spec makes an agent with through the API; its e-mail follows from its log-in. */
export interface NewAgent {
  login: string;
  name: string;
  password: string;
  rights: string[];
  creditLimitCap: number;
  maxWagerCap: number;
}

/** Makes an agent, signed in by password, under the agent whose headers are given: its id. */
export async function createAgent(
  request: APIRequestContext,
  headers: Record<string, string>,
  agent: NewAgent,
): Promise<number> {
  const res = await request.post('/api/reports/AgentSiteFrames/CreateAgent', {
    headers,
    data: {
      login: agent.login,
      name: agent.name,
      email: `${agent.login.toLowerCase()}@example.com`,
      rights: agent.rights,
      creditLimitCap: agent.creditLimitCap,
      maxWagerCap: agent.maxWagerCap,
      access: 'password',
      password: agent.password,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { Agent: { IdAgent: number } }).Agent.IdAgent;
}

/**
 * A new agent under the master, made for one spec through the API, with reports only (no money
 * right, so no site policy asks it for a second step): its log-in, password and id, and the
 * master's headers to act on it.
 */
export async function newReportsAgent(request: APIRequestContext, prefix: string, name: string) {
  const { headers } = await agentApi(request, MASTER);
  const login = `${prefix}${Date.now() % 100_000}`;
  const password = `long passphrase of ${name}`;
  const id = await createAgent(request, headers, {
    login,
    name,
    password,
    rights: ['viewReports'],
    creditLimitCap: 100_000,
    maxWagerCap: 10_000,
  });
  return { login, password, siteId: 1, id, masterHeaders: headers };
}
