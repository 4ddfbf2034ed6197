// The demo's books and people above the players: currencies and rates, two sites, their agent
// trees (through createAgent, as sign-up approval does), notifications and agent settlements.
import { createHash, randomBytes } from 'node:crypto';
import {
  addDays,
  localDate,
  RIGHTS,
  startOfDayUtc,
  type IsoDate,
  type Right,
  type Sport,
} from '@backline/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import {
  currencies,
  currencyRates,
  notifications,
  notificationViews,
  sites,
} from '../db/schema.ts';
import { createAgent } from '../agents/agent-tree.ts';
import { hashPassword } from '../auth/password.ts';
import { DEMO_PASSWORDS, DEMO_SITES, demoEmail } from './demo-logins.ts';
import type { Rng } from './prng.ts';

const ALL_BUT_VIEW_ONLY = RIGHTS.filter((r) => r !== 'viewOnly');

interface AgentDef {
  login: string;
  name: string;
  parent: string | null;
  rights: readonly Right[];
  password: string;
  /** Relative share of the site's players. */
  share: number;
}

interface SiteDef {
  id: number;
  name: string;
  timeZone: string;
  currency: string;
  language: string;
  signUpConfig: object | null;
  apiKey: string | null;
  agents: AgentDef[];
  loginPrefix: string;
  firstNumber: number;
  firstPlayerAgent: string | null;
  currencies: readonly (readonly [string, number])[];
  languages: readonly (readonly [string, number])[];
  popularity: Record<Sport, number>;
  /** Games per day relative to the main site. */
  eventDensity: number;
}

const field = (
  Field: string,
  Visible: boolean,
  Required: boolean,
  Label: string | null = null,
) => ({ Field, Visible, Required, Label });

export const SITE_DEFS: readonly SiteDef[] = [
  {
    id: 1,
    name: DEMO_SITES[1],
    timeZone: 'America/New_York',
    currency: 'USD',
    language: 'en',
    signUpConfig: {
      Enabled: true,
      Title: 'Become a Demo Book agent',
      Intro: 'Tell us about yourself. We review every application within two business days.',
      Fields: [
        field('FirstName', true, true),
        field('LastName', true, true),
        field('Email', true, true),
        field('Login', true, true),
        field('Phone', true, true),
        field('Country', true, true),
        field('City', true, false),
        field('Address', false, false),
        field('BirthDate', true, false, 'Date of birth'),
        field('Referral', true, false, 'Who referred you?'),
        field('Comments', true, false),
      ],
    },
    apiKey: 'demo-site-key',
    agents: [
      {
        login: 'MASTER',
        name: 'Demo Master',
        parent: null,
        rights: ALL_BUT_VIEW_ONLY,
        password: DEMO_PASSWORDS.master,
        share: 4,
      },
      {
        login: 'AG1',
        name: 'Agent One',
        parent: 'MASTER',
        rights: ALL_BUT_VIEW_ONLY,
        password: DEMO_PASSWORDS.agent,
        share: 18,
      },
      {
        login: 'AG2',
        name: 'Agent Two',
        parent: 'MASTER',
        rights: ['viewReports', 'seeCasino', 'managePayments', 'changePasswords'],
        password: DEMO_PASSWORDS.agent,
        share: 18,
      },
      {
        login: 'AG3',
        name: 'Agent Three',
        parent: 'MASTER',
        rights: ['viewReports', 'managePayments'],
        password: DEMO_PASSWORDS.agent,
        share: 14,
      },
      {
        login: 'AG1SUB',
        name: 'Sub-agent One A',
        parent: 'AG1',
        rights: ['viewReports', 'deleteWagers', 'changePasswords', 'managePayments', 'seeCasino'],
        password: DEMO_PASSWORDS.sub,
        share: 10,
      },
      {
        login: 'AG1SUB2',
        name: 'Sub-agent One B',
        parent: 'AG1',
        rights: ['viewReports', 'viewOnly'],
        password: DEMO_PASSWORDS.sub,
        share: 8,
      },
      {
        login: 'AG2SUB',
        name: 'Sub-agent Two A',
        parent: 'AG2',
        rights: ['viewReports', 'seeCasino'],
        password: DEMO_PASSWORDS.sub,
        share: 14,
      },
      {
        login: 'AG1SUBA',
        name: 'Sub-sub-agent One A1',
        parent: 'AG1SUB',
        rights: ['viewReports', 'changePasswords', 'seeCasino'],
        password: DEMO_PASSWORDS.sub,
        share: 14,
      },
    ],
    loginPrefix: 'PL',
    firstNumber: 1001,
    firstPlayerAgent: 'AG1SUB',
    currencies: [
      ['USD', 95],
      ['MXN', 2.5],
      ['CAD', 2.5],
    ],
    languages: [
      ['en', 85],
      ['es', 15],
    ],
    popularity: {
      NFL: 20,
      NCAAF: 10,
      NBA: 15,
      NCAAB: 10,
      MLB: 12,
      NHL: 8,
      SOCCER: 10,
      TENNIS: 6,
      MMA: 5,
      GOLF: 4,
    },
    eventDensity: 1,
  },
  {
    id: 2,
    name: DEMO_SITES[2],
    timeZone: 'Europe/Madrid',
    currency: 'EUR',
    language: 'es',
    signUpConfig: null,
    apiKey: null,
    agents: [
      {
        login: 'MASTER2',
        name: 'Maestro Madrid',
        parent: null,
        rights: ALL_BUT_VIEW_ONLY,
        password: DEMO_PASSWORDS.master,
        share: 20,
      },
      {
        login: 'ESAG1',
        name: 'Agente Uno',
        parent: 'MASTER2',
        rights: ['viewReports', 'deleteWagers', 'seeCasino', 'managePayments', 'changePasswords'],
        password: DEMO_PASSWORDS.agent,
        share: 50,
      },
      {
        login: 'ESAG2',
        name: 'Agente Dos',
        parent: 'MASTER2',
        rights: ['viewReports', 'viewOnly'],
        password: DEMO_PASSWORDS.agent,
        share: 30,
      },
    ],
    loginPrefix: 'ES',
    firstNumber: 2001,
    firstPlayerAgent: null,
    currencies: [['EUR', 1]],
    languages: [
      ['es', 80],
      ['en', 20],
    ],
    popularity: {
      NFL: 3,
      NCAAF: 1,
      NBA: 12,
      NCAAB: 1,
      MLB: 2,
      NHL: 2,
      SOCCER: 45,
      TENNIS: 20,
      MMA: 8,
      GOLF: 6,
    },
    eventDensity: 0.3,
  },
];

const CURRENCIES = [
  { code: 'USD', name: 'US Dollar' },
  { code: 'EUR', name: 'Euro' },
  { code: 'MXN', name: 'Mexican Peso' },
  { code: 'CAD', name: 'Canadian Dollar' },
];

/** Units of the site currency per unit of each currency, as decimal strings (exact, never floats). */
const RATES: Record<string, Record<string, string>> = {
  USD: { USD: '1', EUR: '1.0850000000', MXN: '0.0580000000', CAD: '0.7300000000' },
  EUR: { USD: '0.9216589862', EUR: '1', MXN: '0.0534562212', CAD: '0.6728110599' },
};

export interface OrgAgent {
  id: number;
  login: string;
  parentId: number | null;
  parentLogin: string | null;
  rights: readonly Right[];
  share: number;
}

export interface OrgSite {
  def: SiteDef;
  agents: OrgAgent[];
}

/** Hashes each distinct password once: argon2 is deliberately slow. */
function passwordHasher() {
  const cache = new Map<string, Promise<string>>();
  return (password: string) => {
    let hash = cache.get(password);
    if (!hash) cache.set(password, (hash = hashPassword(password)));
    return hash;
  };
}

export async function seedOrg(ex: Executor, createdAt: Date): Promise<OrgSite[]> {
  const hash = passwordHasher();
  await ex.insert(currencies).values(CURRENCIES).onConflictDoNothing();
  const out: OrgSite[] = [];
  for (const def of SITE_DEFS) {
    await ex.insert(sites).values({
      id: def.id,
      name: def.name,
      timeZone: def.timeZone,
      currency: def.currency,
      allowedOrigins: ['http://localhost:*', 'http://127.0.0.1:*'],
      signUpConfig: def.signUpConfig,
      apiKeyHash: def.apiKey ? createHash('sha256').update(def.apiKey).digest('hex') : null,
      createdAt,
    });
    await ex.insert(currencyRates).values(
      CURRENCIES.map((c) => ({
        siteId: def.id,
        code: c.code,
        rateToSite: RATES[def.currency]![c.code]!,
        updatedAt: createdAt,
      })),
    );
    const agents: OrgAgent[] = [];
    for (const a of def.agents) {
      const parent = agents.find((p) => p.login === a.parent) ?? null;
      const row = await createAgent(ex, {
        siteId: def.id,
        parentId: parent?.id ?? null,
        login: a.login,
        name: a.name,
        email: demoEmail(a.login),
        passwordHash: await hash(a.password),
        currency: def.currency,
        language: def.language,
        rights: a.rights,
        createdAt,
      });
      agents.push({
        id: row.id,
        login: a.login,
        parentId: parent?.id ?? null,
        parentLogin: a.parent,
        rights: a.rights,
        share: a.share,
      });
    }
    out.push({ def, agents });
  }
  await ex.execute(
    sql`select setval(pg_get_serial_sequence('sites', 'id'), (select max(id) from sites))`,
  );
  return out;
}

/** Players share one hash of a password nobody knows; only the demo player's is published. */
export async function playerPasswordHashes(): Promise<{ demo: string; others: string }> {
  const [demo, others] = await Promise.all([
    hashPassword(DEMO_PASSWORDS.player),
    hashPassword(randomBytes(18).toString('base64url')),
  ]);
  return { demo, others };
}

interface NotificationDef {
  site: number;
  to: string | null;
  subtree: boolean;
  daysAgo: number;
  title: string;
  body: string;
  seenBy: string[];
}

const NOTIFICATIONS: NotificationDef[] = [
  {
    site: 1,
    to: null,
    subtree: false,
    daysAgo: 60,
    title: 'Welcome to Backline',
    body: 'Weekly balances, player standings and payments now live in one place.',
    seenBy: ['MASTER', 'AG1', 'AG2', 'AG1SUB'],
  },
  {
    site: 1,
    to: 'AG1',
    subtree: true,
    daysAgo: 30,
    title: 'New limits on NFL sides',
    body: 'Straight-bet limits on NFL sides rise to 5,000 from this week.',
    seenBy: ['AG1', 'AG1SUB'],
  },
  {
    site: 1,
    to: 'AG2',
    subtree: false,
    daysAgo: 20,
    title: 'Outstanding balances',
    body: 'Please settle players more than two weeks behind before Friday.',
    seenBy: ['AG2'],
  },
  {
    site: 1,
    to: null,
    subtree: false,
    daysAgo: 12,
    title: 'Scheduled maintenance',
    body: 'Reports are unavailable on Sunday from 03:00 to 03:30 Eastern.',
    seenBy: ['MASTER'],
  },
  {
    site: 1,
    to: 'AG1SUB',
    subtree: false,
    daysAgo: 5,
    title: 'Players over their credit limit',
    body: 'Two of your players are over their credit limit; review their standing.',
    seenBy: [],
  },
  {
    site: 1,
    to: 'MASTER',
    subtree: false,
    daysAgo: 2,
    title: 'Weekly figures are final',
    body: "Last week's figures are closed; agent settlements are due Wednesday.",
    seenBy: [],
  },
  {
    site: 1,
    to: 'AG1',
    subtree: true,
    daysAgo: 1,
    title: 'Holiday hours',
    body: 'Settlements on the holiday Monday move to Tuesday.',
    seenBy: [],
  },
  {
    site: 1,
    to: null,
    subtree: false,
    daysAgo: 0,
    title: 'New report: beat the line',
    body: 'See which players take better numbers than the closing line.',
    seenBy: [],
  },
  {
    site: 2,
    to: null,
    subtree: false,
    daysAgo: 40,
    title: 'Bienvenido a Backline',
    body: 'Balances semanales, pagos e informes en un solo lugar.',
    seenBy: ['MASTER2'],
  },
  {
    site: 2,
    to: 'MASTER2',
    subtree: false,
    daysAgo: 3,
    title: 'Cifras semanales cerradas',
    body: 'Las liquidaciones con agentes vencen el miércoles.',
    seenBy: [],
  },
];

export async function seedNotifications(
  ex: Executor,
  org: readonly OrgSite[],
  now: Date,
): Promise<{ notifications: number; views: number }> {
  let views = 0;
  for (const n of NOTIFICATIONS) {
    const site = org.find((s) => s.def.id === n.site)!;
    const agentId = (login: string) => site.agents.find((a) => a.login === login)!.id;
    const createdAt = new Date(now.getTime() - n.daysAgo * 86_400_000 - 3 * 3_600_000);
    const [row] = await ex
      .insert(notifications)
      .values({
        siteId: n.site,
        agentId: n.to ? agentId(n.to) : null,
        includeSubtree: n.subtree,
        title: n.title,
        body: n.body,
        createdAt,
      })
      .returning({ id: notifications.id });
    for (const login of n.seenBy) {
      const seenAt = new Date(createdAt.getTime() + 5 * 3_600_000);
      await ex
        .insert(notificationViews)
        .values({ notificationId: row!.id, agentId: agentId(login), seenAt });
      views++;
    }
  }
  return { notifications: NOTIFICATIONS.length, views };
}

export interface AgentPaymentDraft {
  siteId: number;
  agentId: number;
  masterId: number;
  amount: number;
  currency: string;
  method: string;
  note: string;
  day: IsoDate;
  createdAt: Date;
  enteredBy: string;
}

/**
 * Each agent settles every closed week with its master: it passes up what its own players lost
 * (or collects what they won), less a small share it keeps, the Wednesday after.
 */
export function agentSettlements(
  rng: Rng,
  site: OrgSite,
  weekNet: ReadonlyMap<string, number>,
  weekStarts: readonly IsoDate[],
  now: Date,
): AgentPaymentDraft[] {
  const out: AgentPaymentDraft[] = [];
  for (const agent of site.agents) {
    if (agent.parentId === null) continue;
    for (const week of weekStarts) {
      const net = weekNet.get(`${agent.id}|${week}`) ?? 0;
      const amount = Math.round((-net * (0.8 + rng.next() * 0.2)) / 100) * 100;
      if (Math.abs(amount) < 5000) continue;
      const wednesday = addDays(week, 9);
      const createdAt = new Date(
        startOfDayUtc(wednesday, site.def.timeZone).getTime() +
          (12 * 60 + rng.int(0, 5 * 60)) * 60_000,
      );
      if (createdAt.getTime() >= now.getTime()) continue;
      out.push({
        siteId: site.def.id,
        agentId: agent.id,
        masterId: agent.parentId,
        amount,
        currency: site.def.currency,
        method: rng.weighted([
          ['bank', 50],
          ['cash', 30],
          ['crypto', 10],
          ['other', 10],
        ] as const),
        note: `Settlement, week of ${week}`,
        day: localDate(createdAt, site.def.timeZone),
        createdAt,
        enteredBy: agent.parentLogin!,
      });
    }
  }
  return out;
}
