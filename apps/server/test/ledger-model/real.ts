// The real side of the model run: a small site of its own in a real database, the ledger, report
// and player limits services on the run's clock, and everything the model is compared with read
// back as rows.
import { sql } from 'drizzle-orm';
import { NO_WAGER_LIMITS, Period } from '@backline/contract';
import { queryRows, type Db } from '../../src/db/query.ts';
import { currencies, events, players, sites } from '../../src/db/schema.ts';
import { createAgent } from '../../src/agents/agent-closure.ts';
import type { AgentAuth } from '../../src/auth/auth-context.ts';
import { AppError, ConflictError, NotFoundError, ValidationError } from '../../src/errors.ts';
import { createLedgerService, type PaymentMethod } from '../../src/ledger/ledger-service.ts';
import { createCurrencyService } from '../../src/currency/currency-service.ts';
import { createPlayerPaymentService } from '../../src/reports/player-payment/player-payment-service.ts';
import { createPlayerLimitsService } from '../../src/reports/players/player-limits-service.ts';
import { createPlayerStandingService } from '../../src/reports/player-standing/player-standing-service.ts';
import { createWeeklyBalanceService } from '../../src/reports/weekly-balance/weekly-balance-service.ts';
import {
  dayIn,
  mondayOfDay,
  shiftDay,
  today,
  type Model,
  type Operation,
  type Outcome,
} from './model.ts';

const TIME_ZONE = 'America/New_York';
/** Master M over A and B; S under A. Two players of A, one of S, one of B in another currency. */
const AGENTS = [
  { login: 'M', parent: null },
  { login: 'A', parent: 'M' },
  { login: 'S', parent: 'A' },
  { login: 'B', parent: 'M' },
] as const;
const PLAYERS = [
  { login: 'P0', agent: 'A', currency: 'USD', creditLimit: 100_000 },
  { login: 'P1', agent: 'A', currency: 'USD', creditLimit: 250_000 },
  { login: 'P2', agent: 'S', currency: 'USD', creditLimit: 50_000 },
  { login: 'P3', agent: 'B', currency: 'EUR', creditLimit: 75_000 },
] as const;

export interface Real {
  db: Db;
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
}

/** A new site with its agents, players and one event; the model starts empty at `start`. */
export async function openWorld(db: Db, start: number): Promise<{ model: Model; real: Real }> {
  // The players' currencies, which the limits service reads the site's own from.
  await db
    .insert(currencies)
    .values([
      { code: 'USD', name: 'US dollar' },
      { code: 'EUR', name: 'Euro' },
    ])
    .onConflictDoNothing();
  const [site] = await db
    .insert(sites)
    .values({ name: 'Model run', timeZone: TIME_ZONE, currency: 'USD' })
    .returning();
  const siteId = site!.id;
  const agentIds = new Map<string, number>();
  for (const a of AGENTS) {
    const row = await createAgent(db, {
      siteId,
      parentId: a.parent === null ? null : agentIds.get(a.parent)!,
      login: a.login,
      name: `Agent ${a.login}`,
      email: `${a.login.toLowerCase()}@model.test`,
      passwordHash: null,
      currency: 'USD',
      rights: [],
    });
    agentIds.set(a.login, row.id);
  }
  const playerRows = await db
    .insert(players)
    .values(
      PLAYERS.map((p) => ({
        siteId,
        agentId: agentIds.get(p.agent)!,
        login: p.login,
        name: `Player ${p.login}`,
        currency: p.currency,
        creditLimit: p.creditLimit,
      })),
    )
    .returning();
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
  const clock = { now: start };
  const model: Model = {
    timeZone: TIME_ZONE,
    now: start,
    firstDay: dayIn(TIME_ZONE, start),
    agents: AGENTS.map((a) => ({
      id: agentIds.get(a.login)!,
      login: a.login,
      parentId: a.parent === null ? null : agentIds.get(a.parent)!,
    })),
    players: playerRows
      .sort((a, b) => a.login.localeCompare(b.login))
      .map((p) => ({
        id: p.id,
        login: p.login,
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
      })),
    wagers: [],
    keys: new Map(),
  };
  const masterId = agentIds.get('M')!;
  const master: AgentAuth = {
    sessionId: 0,
    siteId,
    kind: 'agent',
    agentId: masterId,
    agentLogin: 'M',
    agentName: 'Agent M',
    selfAgentId: masterId,
    principal: 'M',
    rights: new Set(),
    timeZone: TIME_ZONE,
    siteCurrency: 'USD',
  };
  return { model, real: realLedger(db, siteId, event!.id, master, clock) };
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
  siteId: number,
  eventId: number,
  master: AgentAuth,
  clock: { now: number },
): Real {
  const now = () => new Date(clock.now);
  const ledger = createLedgerService({ db, now });
  const currency = createCurrencyService({ db });
  const weekly = createWeeklyBalanceService({ db, now });
  const standing = createPlayerStandingService({ db, currency, now });
  const payments = createPlayerPaymentService({ db, ledger, now });
  const limits = createPlayerLimitsService({ db, now, currency });
  const playerIds = new Map<number, number>();

  async function playerId(index: number): Promise<number> {
    if (playerIds.size === 0) {
      const rows = await queryRows<{ id: number }>(
        db,
        sql`select id from players where site_id = ${siteId} order by login`,
      );
      rows.forEach((r, i) => playerIds.set(i, r.id));
    }
    return playerIds.get(index)!;
  }

  async function execute(op: Operation): Promise<Outcome> {
    switch (op.kind) {
      case 'place': {
        const { wager } = await ledger.placeWager({
          siteId,
          playerId: await playerId(op.player),
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
      case 'grade':
        await ledger.gradeWager({ siteId, wagerId: op.wagerId, result: op.result });
        return { status: 'ok' };
      case 'regrade':
        await ledger.regradeWager({
          siteId,
          wagerId: op.wagerId,
          result: op.result,
          changedBy: 'M',
          reason: 'Model regrade',
        });
        return { status: 'ok' };
      case 'void':
        await ledger.voidWager({ siteId, wagerId: op.wagerId, changedBy: 'M', reason: 'Model' });
        return { status: 'ok' };
      case 'payment': {
        const method = op.method as PaymentMethod;
        if (op.key === null) {
          const { entry, replayed } = await ledger.postPayment({
            siteId,
            playerId: await playerId(op.player),
            amount: op.amount,
            method,
            createdBy: 'M',
          });
          return { status: 'ok', entryId: entry.id, replayed };
        }
        // Keyed payments come in as the HTTP call does: through the payments service.
        const { Payment, Replayed } = await payments.insertPlayerPayment(master, {
          idPlayer: await playerId(op.player),
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
        const req = {
          idPlayer: await playerId(op.player),
          amount: Math.abs(op.amount),
          reason: op.reason,
          idempotencyKey: op.key,
        };
        const credit = op.amount > 0;
        if (op.balance === 'real') {
          const { Adjustment, Replayed } = await payments.insertPlayerAdjustment(master, {
            ...req,
            direction: credit ? 'credit' : 'debit',
          });
          return { status: 'ok', entryId: Adjustment.IdTransaction, replayed: Replayed };
        }
        const { FreePlay, Replayed } = await payments.insertPlayerFreePlay(master, {
          ...req,
          direction: credit ? 'grant' : 'remove',
        });
        return { status: 'ok', entryId: FreePlay.IdTransaction, replayed: Replayed };
      }
      case 'limits':
        await limits.setLimits(
          master,
          {
            idPlayer: await playerId(op.player),
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
      case 'entry':
        await ledger.postEntry({
          siteId,
          playerId: await playerId(op.player),
          type: op.type,
          amount: op.amount,
          description: `Model type ${op.type}`,
          createdBy: 'M',
        });
        return { status: 'ok' };
    }
  }

  const rowsOf = async (table: string, order: string) =>
    (
      await queryRows<{ row: Record<string, unknown> }>(
        db,
        sql`select to_jsonb(t) as row from ${sql.identifier(table)} t
            where t.site_id = ${siteId} order by ${sql.raw(order)}`,
      )
    ).map((r) => r.row);

  return {
    db,
    siteId,
    eventId,
    master,
    clock,
    run: (op) => execute(op).catch(classify),
    async snapshot() {
      const [ledgerRows, daily, weekly, agentWeekly, playerRows, wagers] = await Promise.all([
        rowsOf('ledger', 't.player_id, t.created_at, t.id'),
        rowsOf('player_daily', 't.player_id, t.day'),
        rowsOf('player_weekly', 't.player_id, t.week_start'),
        rowsOf('agent_weekly', 't.agent_id, t.week_start, t.currency'),
        rowsOf('players', 't.login'),
        rowsOf('wagers', 't.id'),
      ]);
      return { ledger: ledgerRows, daily, weekly, agentWeekly, players: playerRows, wagers };
    },
    async reports(m) {
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
    },
  };
}

export type Reports = {
  weekly: Awaited<ReturnType<ReturnType<typeof createWeeklyBalanceService>['weeklyBalance']>>[];
  standing: Awaited<ReturnType<ReturnType<typeof createPlayerStandingService>['playerStanding']>>;
  payments: Awaited<ReturnType<ReturnType<typeof createPlayerPaymentService>['playerPayments']>>;
};
