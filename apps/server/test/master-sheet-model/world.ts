// The real side of the master sheet's model run: a site of its own (New York, USD) with a master,
// its direct sub-agents and one sub-agent of theirs, players in three currencies, a platform key;
// results come in through the platform feed (signed events, the platform's own instant), deals,
// agent payments and the sheets through the back office's HTTP API as the agents themselves. Each
// call that posts is also recorded in the reference's book, with the instant and week it fell in.
import type { FastifyInstance } from 'fastify';
import {
  api,
  platformApi,
  type AgentDeal,
  type DealTerms,
  type Endpoint,
  type MasterSheetResponse,
  type NewWeeklyBalanceResponse,
  type ResponseOf,
} from '@backline/contract';
import type { Db } from '../../src/db/query.ts';
import { currencyRates, events, players, sites } from '../../src/db/schema.ts';
import { insertModelCurrencies } from '../ledger-model/real.ts';
import { createAgent } from '../../src/agents/agent-closure.ts';
import { hashPassword } from '../../src/auth/password.ts';
import { createPlatformKeysService } from '../../src/platform/platform-keys-service.ts';
import { call, logIn, type Caller } from '../helpers.ts';
import { sendFeed, type FeedKey } from '../security/feed-send.ts';
import { dayIn, mondayOfDay, shiftDay, type ModelSite } from '../ledger-model/model.ts';
import type { Book, Product, RefAgent } from './reference.ts';

export const TIME_ZONE = 'America/New_York';
const PASSWORD = 'sheet-model-password';
/** Every right but view-only: the master and its agents set deals and enter payments. */
const RIGHTS = ['viewReports', 'managePayments', 'manageAgents', 'managePlayers'] as const;

/** M over A, B (and C, created during the run); S under A. Players in USD, CAD and EUR. */
const AGENTS = [
  { login: 'M', parent: null, currency: 'USD' },
  { login: 'A', parent: 'M', currency: 'USD' },
  { login: 'S', parent: 'A', currency: 'USD' },
  { login: 'B', parent: 'M', currency: 'EUR' },
] as const;
const PLAYERS = [
  { login: 'PM1', agent: 'M', currency: 'USD' },
  { login: 'PA1', agent: 'A', currency: 'USD' },
  { login: 'PA2', agent: 'A', currency: 'CAD' },
  { login: 'PS1', agent: 'S', currency: 'USD' },
  { login: 'PS2', agent: 'S', currency: 'EUR' },
  { login: 'PB1', agent: 'B', currency: 'EUR' },
  { login: 'PB2', agent: 'B', currency: 'USD' },
] as const;
/** The players of C, the agent created through the API during the run. */
export const C_PLAYERS = [
  { login: 'PC1', currency: 'USD' },
  { login: 'PC2', currency: 'CAD' },
] as const;

const PRODUCT_NAMES = { Casino: 'casino', Horses: 'horses', Rbl: 'rbl' } as const;

export interface WorldPlayer {
  id: number;
  login: string;
  agentId: number;
  currency: string;
  /** The instant of its latest ledger entry: a feed event older than it posts at it. */
  lastEntryAt: number;
}

export interface WorldWager {
  id: number;
  ref: string;
  player: WorldPlayer;
  risk: number;
  toWin: number;
  /** The week it was placed in. */
  placedWeek: string;
  status: 'open' | 'graded' | 'deleted';
  result: 'win' | 'loss' | 'push' | null;
  /** The week of its (latest) grade. */
  gradedWeek: string | null;
}

/** The local wall time `minutes` after midnight of `day` in the site's zone, as an instant. */
export function localInstant(day: string, minutes: number): number {
  const wall = Date.parse(`${day}T00:00:00Z`) + minutes * 60_000;
  let t = wall;
  // The zone's offset at t, found by reading t back as a wall time; twice settles a DST edge.
  for (let i = 0; i < 2; i++) t = wall - (wallOf(t) - t);
  return t;
}

const wallFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** The wall clock of instant t in the site's zone, read as if it were UTC. */
function wallOf(t: number): number {
  const parts = Object.fromEntries(wallFormat.formatToParts(t).map((p) => [p.type, p.value]));
  return Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
}

export const weekOf = (t: number) => mondayOfDay(dayIn(TIME_ZONE, t));

/** The default cut-off (decision 033): Tuesday 12:00 after the week, in the site's zone. */
export const cutoffOf = (week: string) => localInstant(shiftDay(week, 8), 12 * 60);

/**
 * The sheet week an agent payment entered at t counts in: the week of t less the cut-off offset
 * (one day and twelve hours after the next Monday), on the wall clock.
 */
export function paymentWeek(t: number): string {
  const wall = wallOf(t) - (24 + 12) * 3_600_000;
  return mondayOfDay(new Date(wall).toISOString().slice(0, 10));
}

export interface World {
  app: FastifyInstance;
  clock: { now: number };
  book: Book;
  site: ModelSite;
  ids: Record<string, number>;
  players: WorldPlayer[];
  wagers: WorldWager[];
  sessions: Record<'M' | 'A' | 'S', Caller>;
  /** Sends a feed event at the clock's instant or at `occurredAt`; fails on anything not applied. */
  feed(type: string, data: object, occurredAt?: number): Promise<Record<string, unknown>>;
  place(player: WorldPlayer, risk: number, toWin: number): Promise<WorldWager>;
  grade(w: WorldWager, result: 'win' | 'loss' | 'push'): Promise<void>;
  regrade(w: WorldWager, result: 'win' | 'loss' | 'push', occurredAt?: number): Promise<void>;
  voidWager(w: WorldWager): Promise<void>;
  productResult(
    player: WorldPlayer,
    product: Exclude<Product, 'Sports'>,
    amount: number,
    occurredAt?: number,
  ): Promise<void>;
  /** An agent payment entered by the agent's parent: positive, the agent paid its parent. */
  agentPayment(agentId: number, amount: number): Promise<void>;
  setDeal(agentId: number, fromWeek: string, terms: DealTerms): Promise<AgentDeal>;
  /** The same, expected to be refused: the answer's status. */
  setDealRefused(agentId: number, fromWeek: string, terms: DealTerms): Promise<number>;
  setDefaults(terms: DealTerms | null): Promise<AgentDeal>;
  /** GetAgentDeal as the master. */
  deal(agentId: number): Promise<AgentDeal>;
  createAgentC(): Promise<number>;
  sheet(as: 'M' | 'A' | 'S', week: string): Promise<MasterSheetResponse>;
  /** The new weekly balance of the master's subtree for a week, each currency on its own. */
  weeklyBalance(week: string): Promise<NewWeeklyBalanceResponse>;
}

/** The settled amount of a wager, players' side. */
export const settled = (w: WorldWager, result: 'win' | 'loss' | 'push') =>
  result === 'win' ? w.toWin : result === 'loss' ? -w.risk : 0;

export async function openSheetWorld(
  app: FastifyInstance,
  db: Db,
  secretKey: Buffer,
  clock: { now: number },
): Promise<World> {
  const start = clock.now;
  const now = () => new Date(clock.now);
  await insertModelCurrencies(db);
  const [siteRow] = await db
    .insert(sites)
    .values({ name: 'Sheet model', timeZone: TIME_ZONE, currency: 'USD' })
    .returning();
  const siteId = siteRow!.id;
  // The demo's rates (seed/demo-sites.ts): 1.085 makes half-cent ties in ordinary amounts.
  const rates = { EUR: '1.085', CAD: '0.73' };
  await db
    .insert(currencyRates)
    .values(Object.entries(rates).map(([code, rateToSite]) => ({ siteId, code, rateToSite })));
  const site: ModelSite = {
    id: siteId,
    timeZone: TIME_ZONE,
    currency: 'USD',
    rates,
    firstDay: dayIn(TIME_ZONE, start),
  };
  const hash = await hashPassword(PASSWORD);
  const ids: Record<string, number> = {};
  const agents: RefAgent[] = [];
  for (const a of AGENTS) {
    const parentId = a.parent === null ? null : ids[a.parent]!;
    const row = await createAgent(db, {
      siteId,
      parentId,
      login: a.login,
      name: `Agent ${a.login}`,
      email: `${a.login.toLowerCase()}@sheet-model.test`,
      passwordHash: hash,
      currency: a.currency,
      rights: [...RIGHTS],
    });
    ids[a.login] = row.id;
    agents.push({
      id: row.id,
      login: a.login,
      name: `Agent ${a.login}`,
      parentId,
      currency: a.currency,
      createdAt: start,
    });
  }
  const worldPlayers: WorldPlayer[] = [];
  const addPlayers = async (
    list: readonly { login: string; agent: string; currency: string }[],
  ) => {
    const rows = await db
      .insert(players)
      .values(
        list.map((p) => ({
          siteId,
          agentId: ids[p.agent]!,
          login: p.login,
          name: `Player ${p.login}`,
          currency: p.currency,
          creditLimit: 100_000_000,
        })),
      )
      .returning();
    for (const r of rows) {
      ids[r.login] = r.id;
      worldPlayers.push({
        id: r.id,
        login: r.login,
        agentId: r.agentId,
        currency: r.currency,
        lastEntryAt: -Infinity,
      });
    }
  };
  await addPlayers(PLAYERS);
  // One game far ahead: every wager's legs are on it, and it never closes during the run.
  await db.insert(events).values({
    siteId,
    externalId: 'G1',
    sport: 'NFL',
    league: 'NFL',
    home: 'Home',
    away: 'Away',
    startsAt: new Date(start + 365 * 86_400_000),
  });
  const key: FeedKey = await createPlatformKeysService({ db, now, secretKey }).createForSite(
    siteId,
    { label: 'sheet model' },
  );
  const logInAs = (login: string) => logIn(app, login, PASSWORD, siteId, '10.78.0.1');
  const sessions = { M: await logInAs('M'), A: await logInAs('A'), S: await logInAs('S') };
  const parentSession = (agentId: number): Caller => {
    const parent = agents.find((a) => a.id === agentId)!.parentId;
    return parent === ids.A ? sessions.A : sessions.M;
  };

  const book: Book = {
    site,
    agents,
    players: worldPlayers,
    entries: [],
    wagers: [],
    payments: [],
    deals: [],
    closes: new Map(),
    firstWeek: weekOf(start),
  };
  const wagers: WorldWager[] = [];
  let events_ = 0;
  let keys = 0;

  async function ask<E extends Endpoint>(e: E, caller: Caller, body: unknown) {
    const res = await call(app, e, caller, { body });
    if (res.statusCode !== 200)
      throw new Error(`${e.path} answered ${res.statusCode}: ${res.body}`);
    return JSON.parse(res.body) as ResponseOf<E>;
  }

  async function feed(type: string, data: object, occurredAt = clock.now) {
    const body = JSON.stringify({
      EventId: `s${siteId}-${++events_}`,
      OccurredAt: new Date(occurredAt).toISOString(),
      Type: type,
      Data: data,
    });
    const res = await sendFeed(app, platformApi.sendEvent, body, now, { key });
    const json = JSON.parse(res.body) as { Outcome?: string; Effect?: Record<string, unknown> };
    if (res.status !== 200 || json.Outcome !== 'applied')
      throw new Error(`${type} answered ${res.status}: ${res.body}`);
    return json.Effect!;
  }

  /** A result posted for a player: at the event's instant, or its latest entry's if later. */
  function post(p: WorldPlayer, product: Product, amount: number, occurredAt: number) {
    const at = Math.max(occurredAt, p.lastEntryAt);
    p.lastEntryAt = at;
    book.entries.push({ playerId: p.id, product, amount, week: weekOf(at), postedAt: clock.now });
  }

  const dealBody = (agentId: number, fromWeek: string, terms: DealTerms) => ({
    idAgent: agentId,
    fromWeek,
    deal: terms,
  });

  return {
    app,
    clock,
    book,
    site,
    ids,
    players: worldPlayers,
    wagers,
    sessions,
    feed,
    async place(player, risk, toWin) {
      const ref = `W${wagers.length + 1}`;
      const effect = await feed('wager.placed', {
        Wager: ref,
        Player: player.login,
        WagerType: 'straight',
        Description: 'Sheet model wager',
        Risk: risk,
        ToWin: toWin,
        Legs: [{ Game: 'G1', Market: 'spread', Selection: 'Home -1.5', Line: -1.5, Odds: -110 }],
      });
      const w: WorldWager = {
        id: effect.IdWager as number,
        ref,
        player,
        risk,
        toWin,
        placedWeek: weekOf(clock.now),
        status: 'open',
        result: null,
        gradedWeek: null,
      };
      wagers.push(w);
      book.wagers.push({
        playerId: player.id,
        week: weekOf(clock.now),
        placedAt: clock.now,
        deletedAt: null,
      });
      return w;
    },
    async grade(w, result) {
      await feed('wager.graded', { Wager: w.ref, Result: result });
      post(w.player, 'Sports', settled(w, result), clock.now);
      Object.assign(w, { status: 'graded', result, gradedWeek: weekOf(clock.now) });
    },
    async regrade(w, result, occurredAt = clock.now) {
      await feed(
        'wager.regraded',
        { Wager: w.ref, Result: result, Reason: 'Model regrade' },
        occurredAt,
      );
      post(w.player, 'Sports', settled(w, result) - settled(w, w.result!), occurredAt);
      Object.assign(w, { result, gradedWeek: weekOf(Math.max(occurredAt, w.player.lastEntryAt)) });
    },
    async voidWager(w) {
      await feed('wager.voided', { Wager: w.ref, Reason: 'Model void' });
      // An open wager's void moves no balance; the wager no longer makes its player active.
      w.status = 'deleted';
      book.wagers[wagers.indexOf(w)]!.deletedAt = clock.now;
    },
    async productResult(player, product, amount, occurredAt = clock.now) {
      await feed(
        'product.result',
        { Product: PRODUCT_NAMES[product], Player: player.login, Amount: amount },
        occurredAt,
      );
      post(player, product, amount, occurredAt);
    },
    async agentPayment(agentId, amount) {
      const agent = agents.find((a) => a.id === agentId)!;
      const n = ++keys;
      await ask(api.insertAgentPayment, parentSession(agentId), {
        idAgent: agentId,
        amount: Math.abs(amount),
        direction: amount > 0 ? 'toMaster' : 'fromMaster',
        method: 'cash',
        note: '',
        idempotencyKey: `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`,
      });
      book.payments.push({
        agentId,
        amount,
        currency: agent.currency,
        week: paymentWeek(clock.now),
        postedAt: clock.now,
      });
    },
    async setDeal(agentId, fromWeek, terms) {
      const answer = await ask(
        api.setAgentDeal,
        parentSession(agentId),
        dealBody(agentId, fromWeek, terms),
      );
      book.deals.push({ agentId, fromWeek, terms, setAt: clock.now });
      return answer;
    },
    async setDealRefused(agentId, fromWeek, terms) {
      const res = await call(app, api.setAgentDeal, parentSession(agentId), {
        body: dealBody(agentId, fromWeek, terms),
      });
      return res.statusCode;
    },
    setDefaults: (terms) => ask(api.setDealDefaults, sessions.M, { deal: terms }),
    deal: (agentId) => ask(api.getAgentDeal, sessions.M, { idAgent: agentId }),
    async createAgentC() {
      const { Agent } = await ask(api.createAgent, sessions.M, {
        login: 'C01',
        name: 'Agent C01',
        email: 'c01@sheet-model.test',
        rights: [...RIGHTS],
        creditLimitCap: 100_000_000,
        maxWagerCap: 10_000_000,
        access: 'password',
        password: PASSWORD,
      });
      ids.C = Agent.IdAgent;
      agents.push({
        id: Agent.IdAgent,
        login: 'C01',
        name: 'Agent C01',
        parentId: ids.M!,
        currency: Agent.Currency,
        createdAt: clock.now,
      });
      await addPlayers(C_PLAYERS.map((p) => ({ ...p, agent: 'C' })));
      return Agent.IdAgent;
    },
    sheet: (as, week) =>
      ask(api.getMasterSheet, sessions[as], { week }) as Promise<MasterSheetResponse>,
    weeklyBalance: (week) =>
      ask(api.newWeeklyBalance, sessions.M, {
        startDate: week,
      }) as Promise<NewWeeklyBalanceResponse>,
  };
}
