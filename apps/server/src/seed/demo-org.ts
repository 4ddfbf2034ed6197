// The demo's books and people above the players: currencies and rates, the sites, their agent
// trees (through createAgent, as sign-up approval does), and the agents' weekly settlements.
import { createHash, randomBytes } from 'node:crypto';
import { addDays, localDate, startOfDayUtc, type IsoDate, type Right } from '@backline/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/query.ts';
import { currencies, currencyRates, sites } from '../db/schema.ts';
import { createAgent } from '../agents/agent-closure.ts';
import { hashPassword } from '../auth/password.ts';
import { DEMO_PASSWORDS, demoEmail } from './demo-logins.ts';
import { CURRENCIES, RATES, SITE_DEFS, type SiteDef } from './demo-sites.ts';
import type { Rng } from './prng.ts';

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

/** Books larger than this are run through desks, so a typical sub-agent holds a few hundred players. */
export const DESKS_FROM_PLAYERS = 4000;
export const DESK_SIZE = 200;

/**
 * Adds desks (sub-agents of about DESK_SIZE players each, with their parent's rights) under the
 * site's agents, taking nine tenths of the players; the named demo agents keep the rest.
 */
export async function addDesks(ex: Executor, site: OrgSite, players: number, createdAt: Date) {
  const parents = site.agents.filter((a) => a.parentId !== null && !a.rights.includes('viewOnly'));
  const count = Math.ceil((players * 0.9) / DESK_SIZE);
  const named = site.agents.reduce((n, a) => n + a.share, 0);
  const share = (named * 9) / count;
  const passwordHash = await hashPassword(DEMO_PASSWORDS.sub);
  for (let i = 0; i < count; i++) {
    const parent = parents[i % parents.length]!;
    const login = `${parent.login}D${String(i + 1).padStart(4, '0')}`;
    const row = await createAgent(ex, {
      siteId: site.def.id,
      parentId: parent.id,
      login,
      name: `Desk ${i + 1} of ${parent.login}`,
      email: demoEmail(login),
      passwordHash,
      currency: site.def.currency,
      language: site.def.language,
      rights: parent.rights,
      createdAt,
    });
    site.agents.push({
      id: row.id,
      login,
      parentId: parent.id,
      parentLogin: parent.login,
      rights: parent.rights,
      share,
    });
  }
}

/** Players share one hash of a password nobody knows; only the demo player's is published. */
export async function playerPasswordHashes(): Promise<{ demo: string; others: string }> {
  const [demo, others] = await Promise.all([
    hashPassword(DEMO_PASSWORDS.player),
    hashPassword(randomBytes(18).toString('base64url')),
  ]);
  return { demo, others };
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
