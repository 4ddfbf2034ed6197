// The real side of the model run: sites of its own in a real database (one, or two in two zones and
// currencies), the ledger, payments and player limits services on the run's clock, and everything
// the model is compared with read back: the tables as rows, the reports through the HTTP API with
// the agents' own sessions when the run has an app (the services' answers when it has none).
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  api,
  NO_WAGER_LIMITS,
  Period,
  type CashFlowResponse,
  type Endpoint,
  type NewWeeklyBalanceResponse,
  type PlayerStandingResponse,
  type ResponseOf,
} from '@backline/contract';
import { queryRows, type Db } from '../../src/db/query.ts';
import { currencies, currencyRates, events, players, sites } from '../../src/db/schema.ts';
import { createAgent } from '../../src/agents/agent-closure.ts';
import type { AgentAuth } from '../../src/auth/auth-context.ts';
import { hashPassword } from '../../src/auth/password.ts';
import { AppError, ConflictError, NotFoundError, ValidationError } from '../../src/errors.ts';
import { createLedgerService, type PaymentMethod } from '../../src/ledger/ledger-service.ts';
import { createCurrencyService } from '../../src/currency/currency-service.ts';
import { createPlayerPaymentService } from '../../src/reports/player-payment/player-payment-service.ts';
import { createPlayerLimitsService } from '../../src/reports/players/player-limits-service.ts';
import { createPlayerStandingService } from '../../src/reports/player-standing/player-standing-service.ts';
import { createWeeklyBalanceService } from '../../src/reports/weekly-balance/weekly-balance-service.ts';
import { call, logIn, ok, type Caller } from '../helpers.ts';
import {
  dayIn,
  mondayOfDay,
  shiftDay,
  siteToday,
  today,
  type Model,
  type Operation,
  type Outcome,
} from './model.ts';

interface SiteDef {
  name: string;
  timeZone: string;
  currency: string;
  /** Units of the site's currency per unit of another, as the model states them (DOMAIN.md). */
  rates: Record<string, string>;
  agents: readonly { login: string; parent: string | null; currency: string }[];
  players: readonly { login: string; agent: string; currency: string; creditLimit: number }[];
}

/**
 * Site 1 (New York, USD): master M over A and B; S under A. Two players of A, one of S in CAD, one
 * of B in EUR. Site 2 (Madrid, EUR): master N over C and D; a player of C in EUR, one of D in USD.
 * The rates are the demo's (seed/demo-sites.ts), so a tie in the rounding (1.085 x an odd hundred
 * cents) comes up in ordinary runs.
 */
const SITES: readonly SiteDef[] = [
  {
    name: 'Model run',
    timeZone: 'America/New_York',
    currency: 'USD',
    rates: { EUR: '1.085', CAD: '0.73' },
    agents: [
      { login: 'M', parent: null, currency: 'USD' },
      { login: 'A', parent: 'M', currency: 'USD' },
      { login: 'S', parent: 'A', currency: 'CAD' },
      { login: 'B', parent: 'M', currency: 'EUR' },
    ],
    players: [
      { login: 'P0', agent: 'A', currency: 'USD', creditLimit: 100_000 },
      { login: 'P1', agent: 'A', currency: 'USD', creditLimit: 250_000 },
      { login: 'P2', agent: 'S', currency: 'CAD', creditLimit: 50_000 },
      { login: 'P3', agent: 'B', currency: 'EUR', creditLimit: 75_000 },
    ],
  },
  {
    name: 'Model run, Madrid',
    timeZone: 'Europe/Madrid',
    currency: 'EUR',
    rates: { USD: '0.9216589862', CAD: '0.6728110599' },
    agents: [
      { login: 'N', parent: null, currency: 'EUR' },
      { login: 'C', parent: 'N', currency: 'EUR' },
      { login: 'D', parent: 'N', currency: 'USD' },
    ],
    players: [
      { login: 'Q0', agent: 'C', currency: 'EUR', creditLimit: 80_000 },
      { login: 'Q1', agent: 'D', currency: 'USD', creditLimit: 120_000 },
    ],
  },
];

/** The agents' password in the run: hashed once, argon2 being slow on purpose. */
const PASSWORD = 'model-run-password';
let passwordHash: Promise<string> | undefined;
/** Each world's sessions log in from an address of their own, under the per-address limit. */
let worlds = 0;

export interface Real {
  db: Db;
  /** The first site's. */
  siteId: number;
  eventId: number;
  master: AgentAuth;
  /** The instant the services post at; a step moves it with the model's. */
  clock: { now: number };
  run(op: Operation): Promise<Outcome>;
  /** What the model says `op` answers, when this side has rules of its own (the feed's accept). */
  expected?: (m: Model, op: Operation, real: Outcome) => Outcome;
  snapshot(): Promise<Snapshot>;
  reports(m: Model): Promise<Reports>;
}

export interface Snapshot {
  ledger: Record<string, unknown>[];
  daily: Record<string, unknown>[];
  weekly: Record<string, unknown>[];
  agentWeekly: Record<string, unknown>[];
  players: Record<string, unknown>[];
  wagers: Record<string, unknown>[];
  agentPayments: Record<string, unknown>[];
}

/** The reports of one site converted into its currency, as its master reads them. */
export interface ConvertedReports {
  newWeekly: NewWeeklyBalanceResponse;
  standing: PlayerStandingResponse;
  cashFlow: CashFlowResponse;
  action: ResponseOf<typeof api.getActionByPlayer>;
}

export interface Reports {
  weekly: ResponseOf<typeof api.weeklyBalance>[];
  standing: PlayerStandingResponse;
  payments: ResponseOf<typeof api.getPlayerPayments>;
  /** Per site, when the run reads through HTTP. */
  converted?: ConvertedReports[];
}

export interface WorldOptions {
  /** Two sites in two zones and currencies (default one, New York's). */
  sites?: 1 | 2;
  /** Read the reports through this app's HTTP API, logged in as the agents. */
  app?: FastifyInstance;
}

/** The players' currencies, which the limits service reads the site's own from. */
export async function insertModelCurrencies(db: Db): Promise<void> {
  await db
    .insert(currencies)
    .values([
      { code: 'USD', name: 'US dollar' },
      { code: 'EUR', name: 'Euro' },
      { code: 'CAD', name: 'Canadian dollar' },
    ])
    .onConflictDoNothing();
}

/** New sites with their agents, players and one event; the model starts empty at `start`. */
export async function openWorld(
  db: Db,
  start: number,
  { sites: siteCount = 1, app }: WorldOptions = {},
): Promise<{ model: Model; real: Real }> {
  await insertModelCurrencies(db);
  const hash = app ? await (passwordHash ??= hashPassword(PASSWORD)) : null;
  const model: Model = {
    timeZone: SITES[0]!.timeZone,
    now: start,
    firstDay: dayIn(SITES[0]!.timeZone, start),
    sites: [],
    agents: [],
    players: [],
    wagers: [],
    agentPayments: [],
    keys: new Map(),
  };
  /** Each site's event, which its wagers are on. */
  const eventIds: number[] = [];
  for (const [index, def] of SITES.slice(0, siteCount).entries()) {
    const [site] = await db
      .insert(sites)
      .values({ name: def.name, timeZone: def.timeZone, currency: def.currency })
      .returning();
    const siteId = site!.id;
    await db
      .insert(currencyRates)
      .values(
        Object.entries(def.rates).map(([code, rateToSite]) => ({ siteId, code, rateToSite })),
      );
    model.sites.push({
      id: siteId,
      timeZone: def.timeZone,
      currency: def.currency,
      rates: def.rates,
      firstDay: dayIn(def.timeZone, start),
    });
    const agentIds = new Map<string, number>();
    for (const a of def.agents) {
      const parentId = a.parent === null ? null : agentIds.get(a.parent)!;
      const row = await createAgent(db, {
        siteId,
        parentId,
        login: a.login,
        name: `Agent ${a.login}`,
        email: `${a.login.toLowerCase()}${siteId}@model.test`,
        passwordHash: hash,
        currency: a.currency,
        rights: [],
      });
      agentIds.set(a.login, row.id);
      model.agents.push({
        id: row.id,
        login: a.login,
        site: index,
        currency: a.currency,
        parentId,
      });
    }
    const playerRows = await db
      .insert(players)
      .values(
        def.players.map((p) => ({
          siteId,
          agentId: agentIds.get(p.agent)!,
          login: p.login,
          name: `Player ${p.login}`,
          currency: p.currency,
          creditLimit: p.creditLimit,
        })),
      )
      .returning();
    for (const p of playerRows.sort((a, b) => a.login.localeCompare(b.login)))
      model.players.push({
        id: p.id,
        login: p.login,
        site: index,
        agentId: p.agentId,
        currency: p.currency,
        creditLimit: p.creditLimit,
        tempCredit: 0,
        tempCreditUntil: null,
        maxWager: p.maxWager,
        wagerLimits: NO_WAGER_LIMITS,
        balance: 0,
        freePlay: 0,
        atRisk: 0,
        entries: [],
      });
    const [event] = await db
      .insert(events)
      .values({
        siteId,
        sport: 'NFL',
        league: 'NFL',
        home: 'Home',
        away: 'Away',
        startsAt: new Date(start),
      })
      .returning();
    eventIds.push(event!.id);
  }
  const clock = { now: start };
  const masters = model.sites.map((site, index): AgentAuth => {
    const def = SITES[index]!;
    const master = model.agents.find((a) => a.site === index && a.parentId === null)!;
    return {
      sessionId: 0,
      siteId: site.id,
      kind: 'agent',
      agentId: master.id,
      agentLogin: master.login,
      agentName: `Agent ${master.login}`,
      selfAgentId: master.id,
      principal: master.login,
      rights: new Set(),
      timeZone: def.timeZone,
      siteCurrency: def.currency,
    };
  });
  // The agents log in at the first read, when the app's clock is this run's.
  const http = app ? () => sessionsOf(app, model) : null;
  return { model, real: realLedger(db, model, eventIds, masters, clock, http) };
}

/** The sessions a world reads its reports with: each site's master, and agent A of the first. */
interface Sessions {
  app: FastifyInstance;
  masters: Caller[];
  agentA: Caller;
}

async function sessionsOf(app: FastifyInstance, m: Model): Promise<Sessions> {
  const ip = `10.77.${Math.floor(++worlds / 250)}.${(worlds % 250) + 1}`;
  const logInAs = (login: string, site: number) =>
    logIn(app, login, PASSWORD, m.sites[site]!.id, ip);
  const masters = await Promise.all(
    m.sites.map((_, index) =>
      logInAs(m.agents.find((a) => a.site === index && a.parentId === null)!.login, index),
    ),
  );
  return { app, masters, agentA: await logInAs('A', 0) };
}

function classify(error: unknown): Outcome {
  const code = error instanceof AppError ? error.code : undefined;
  if (error instanceof ValidationError) return { status: 'validation', code };
  if (error instanceof ConflictError) return { status: 'conflict', code };
  if (error instanceof NotFoundError) return { status: 'notfound', code };
  const e = error as Error;
  return { status: 'error', message: `${e.name}: ${e.message}` };
}

function realLedger(
  db: Db,
  world: Model,
  eventIds: number[],
  masters: AgentAuth[],
  clock: { now: number },
  logIns: (() => Promise<Sessions>) | null,
): Real {
  const now = () => new Date(clock.now);
  const ledger = createLedgerService({ db, now });
  const currency = createCurrencyService({ db });
  const weekly = createWeeklyBalanceService({ db, now });
  const standing = createPlayerStandingService({ db, currency, now });
  const payments = createPlayerPaymentService({ db, ledger, now });
  const limits = createPlayerLimitsService({ db, now, currency });
  const master = masters[0]!;
  // What an operation names by index: the player (its site's master enters for it) or agent.
  const playerOf = (index: number) => {
    const p = world.players[index]!;
    return {
      playerId: p.id,
      siteId: world.sites[p.site]!.id,
      eventId: eventIds[p.site]!,
      master: masters[p.site]!,
    };
  };
  const siteIds = world.sites.map((s) => s.id);
  let sessions: Promise<Sessions> | undefined;

  async function execute(op: Operation): Promise<Outcome> {
    switch (op.kind) {
      case 'place': {
        const { playerId, siteId, eventId } = playerOf(op.player);
        const { wager } = await ledger.placeWager({
          siteId,
          playerId,
          wagerType: op.legs > 1 ? 'parlay' : 'straight',
          description: `Model wager of ${op.legs}`,
          risk: op.risk,
          toWin: op.toWin,
          freePlay: op.freePlay,
          legs: Array.from({ length: op.legs }, (_, i) => ({
            eventId,
            market: 'spread' as const,
            selection: `Home -${i + 1}.5`,
            lineTaken: -(i + 1.5),
            oddsTaken: -110,
          })),
        });
        return { status: 'ok', wagerId: wager.id };
      }
      case 'grade': {
        const siteId = siteOfWager(op.wagerId);
        await ledger.gradeWager({ siteId, wagerId: op.wagerId, result: op.result });
        return { status: 'ok' };
      }
      case 'regrade':
        await ledger.regradeWager({
          siteId: siteOfWager(op.wagerId),
          wagerId: op.wagerId,
          result: op.result,
          changedBy: 'M',
          reason: 'Model regrade',
        });
        return { status: 'ok' };
      case 'void':
        await ledger.voidWager({
          siteId: siteOfWager(op.wagerId),
          wagerId: op.wagerId,
          changedBy: 'M',
          reason: 'Model',
        });
        return { status: 'ok' };
      case 'payment': {
        const method = op.method as PaymentMethod;
        const { playerId, siteId, master: enteredBy } = playerOf(op.player);
        if (op.key === null) {
          const { entry, replayed } = await ledger.postPayment({
            siteId,
            playerId,
            amount: op.amount,
            method,
            createdBy: enteredBy.agentLogin,
          });
          return { status: 'ok', entryId: entry.id, replayed };
        }
        // Keyed payments come in as the HTTP call does: through the payments service.
        const { Payment, Replayed } = await payments.insertPlayerPayment(enteredBy, {
          idPlayer: playerId,
          amount: Math.abs(op.amount),
          direction: op.amount > 0 ? 'receipt' : 'disbursement',
          method,
          note: '',
          idempotencyKey: op.key,
        });
        return { status: 'ok', entryId: Payment.IdPayment, replayed: Replayed };
      }
      // An agent's corrections come in as the HTTP calls do: through the payments service.
      case 'adjustment': {
        const { playerId, master: enteredBy } = playerOf(op.player);
        const req = {
          idPlayer: playerId,
          amount: Math.abs(op.amount),
          reason: op.reason,
          idempotencyKey: op.key,
        };
        const credit = op.amount > 0;
        if (op.balance === 'real') {
          const { Adjustment, Replayed } = await payments.insertPlayerAdjustment(enteredBy, {
            ...req,
            direction: credit ? 'credit' : 'debit',
          });
          return { status: 'ok', entryId: Adjustment.IdTransaction, replayed: Replayed };
        }
        const { FreePlay, Replayed } = await payments.insertPlayerFreePlay(enteredBy, {
          ...req,
          direction: credit ? 'grant' : 'remove',
        });
        return { status: 'ok', entryId: FreePlay.IdTransaction, replayed: Replayed };
      }
      case 'limits': {
        const { playerId, master: enteredBy } = playerOf(op.player);
        await limits.setLimits(
          enteredBy,
          {
            idPlayer: playerId,
            creditLimit: op.creditLimit,
            tempCredit: op.tempCredit,
            tempCreditUntil:
              op.tempCreditUntil === null ? undefined : new Date(op.tempCreditUntil).toISOString(),
            maxWager: op.maxWager,
            limits: op.wagerLimits,
          },
          { address: '127.0.0.1', requestId: 'model' },
        );
        return { status: 'ok' };
      }
      case 'entry': {
        const { playerId, siteId } = playerOf(op.player);
        await ledger.postEntry({
          siteId,
          playerId,
          type: op.type,
          amount: op.amount,
          description: `Model type ${op.type}`,
          createdBy: 'M',
        });
        return { status: 'ok' };
      }
      case 'agentPayment': {
        const agent = world.agents[op.agent]!;
        const saved = await ledger.postAgentPayment({
          siteId: world.sites[agent.site]!.id,
          agentId: agent.id,
          amount: op.amount,
          method: op.method as PaymentMethod,
          enteredBy: masters[agent.site]!.agentLogin,
        });
        return { status: 'ok', entryId: saved.id };
      }
    }
  }

  // A wager's site: the site of its player (a wager of an unknown id stays on the first site).
  const wagerSites = new Map<number, number>();
  function siteOfWager(wagerId: number): number {
    return wagerSites.get(wagerId) ?? siteIds[0]!;
  }
  async function run(op: Operation): Promise<Outcome> {
    const outcome = await execute(op).catch(classify);
    if (op.kind === 'place' && outcome.status === 'ok' && outcome.wagerId !== undefined)
      wagerSites.set(outcome.wagerId, playerOf(op.player).siteId);
    return outcome;
  }

  const rowsOf = async (table: string, order: string) =>
    (
      await queryRows<{ row: Record<string, unknown> }>(
        db,
        sql`select to_jsonb(t) as row from ${sql.identifier(table)} t
            where t.site_id in ${sql`(${sql.join(
              siteIds.map((id) => sql`${id}`),
              sql`, `,
            )})`} order by ${sql.raw(order)}`,
      )
    ).map((r) => r.row);

  /** The reports as the services answer them: a run without an app (the feed model's). */
  async function servicesReports(m: Model): Promise<Reports> {
    const whole = { sort: 'player', dir: 'asc', page: 1 } as const;
    const thisWeek = { ...whole, period: Period.ThisWeek };
    const lastWeek = { ...whole, startDate: shiftDay(mondayOfDay(today(m)), -7) };
    const agentA = m.agents.find((a) => a.login === 'A')!.id;
    // Side by side: on PostgreSQL they read on several pooled connections at once.
    const [weeks, standingReport, paymentsReport] = await Promise.all([
      Promise.all([
        weekly.weeklyBalance(master, thisWeek),
        weekly.weeklyBalance(master, lastWeek),
        weekly.weeklyBalance(master, { ...thisWeek, idAgent: agentA }),
        weekly.weeklyBalance(master, { ...lastWeek, idAgent: agentA }),
      ]),
      standing.playerStanding(master, {}),
      payments.playerPayments(master, { startDate: m.firstDay, endDate: today(m) }),
    ]);
    return { weekly: weeks, standing: standingReport, payments: paymentsReport };
  }

  /** The same reports through HTTP, and each site's converted ones, with the agents' sessions. */
  async function httpReports(m: Model, s: Sessions): Promise<Reports> {
    const ask = async <E extends Endpoint>(
      e: E,
      caller: Caller,
      input: { body?: unknown; query?: Record<string, unknown> },
    ): Promise<ResponseOf<E>> => ok<ResponseOf<E>>(await call(s.app, e, caller, input));
    const thisWeek = { period: Period.ThisWeek };
    const lastWeek = { startDate: shiftDay(mondayOfDay(today(m)), -7) };
    const [root] = s.masters;
    const converted = (site: number) => {
      const caller = s.masters[site]!;
      const range = { startDate: m.sites[site]!.firstDay, endDate: siteToday(m, site) };
      return Promise.all([
        ask(api.newWeeklyBalance, caller, { body: { ...thisWeek, isCurrencyReport: true } }),
        ask(api.playerStanding, caller, { body: { isCurrencyReport: true } }),
        ask(api.cashFlowReport, caller, { body: { ...range, isCurrencyReport: true } }),
        ask(api.getActionByPlayer, caller, { query: { ...range, isCurrencyReport: true } }),
      ]).then(([newWeekly, standingReport, cashFlow, action]) => ({
        newWeekly,
        standing: standingReport,
        cashFlow,
        action,
      }));
    };
    const [weeks, standingReport, paymentsReport, ...perSite] = await Promise.all([
      Promise.all([
        ask(api.weeklyBalance, root!, { body: thisWeek }),
        ask(api.weeklyBalance, root!, { body: lastWeek }),
        ask(api.weeklyBalance, s.agentA, { body: thisWeek }),
        ask(api.weeklyBalance, s.agentA, { body: lastWeek }),
      ]),
      ask(api.playerStanding, root!, { body: {} }),
      ask(api.getPlayerPayments, root!, {
        body: { startDate: m.firstDay, endDate: today(m) },
      }),
      ...m.sites.map((_, site) => converted(site)),
    ]);
    return {
      weekly: weeks,
      standing: standingReport,
      payments: paymentsReport,
      converted: perSite as ConvertedReports[],
    };
  }

  return {
    db,
    siteId: siteIds[0]!,
    eventId: eventIds[0]!,
    master,
    clock,
    run,
    async snapshot() {
      const [ledgerRows, daily, weeklyRows, agentWeekly, playerRows, wagers, agentPayments] =
        await Promise.all([
          rowsOf('ledger', 't.player_id, t.created_at, t.id'),
          rowsOf('player_daily', 't.player_id, t.day'),
          rowsOf('player_weekly', 't.player_id, t.week_start'),
          rowsOf('agent_weekly', 't.agent_id, t.week_start, t.currency'),
          rowsOf('players', 't.site_id, t.login'),
          rowsOf('wagers', 't.id'),
          rowsOf('agent_payments', 't.id'),
        ]);
      return {
        ledger: ledgerRows,
        daily,
        weekly: weeklyRows,
        agentWeekly,
        players: playerRows,
        wagers,
        agentPayments,
      };
    },
    async reports(m) {
      if (!logIns) return servicesReports(m);
      return httpReports(m, await (sessions ??= logIns()));
    },
  };
}
