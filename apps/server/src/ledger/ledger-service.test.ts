import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../db/open-database.ts';
import { queryRows } from '../db/query.ts';
import {
  auditLog,
  events,
  playerDaily,
  players,
  playerWeekly,
  sites,
  wagerChanges,
  wagers,
} from '../db/schema.ts';
import { createAgent } from '../agents/agent-closure.ts';
import { ConflictError, NotFoundError, ValidationError } from '../errors.ts';
import { countLedgerViolations } from './ledger-invariants.ts';
import { OutOfOrderEntryError } from './ledger-math.ts';
import { createLedgerService, type LedgerService } from './ledger-service.ts';

let database: Database;
let ledger: LedgerService;
let clock = new Date('2026-11-16T15:00:00Z'); // a Monday
const tick = (ms = 60_000) => (clock = new Date(clock.getTime() + ms));
let siteId: number;
let playerId: number;
let masterId: number;
let agentId: number;
let eventId: number;

beforeAll(async () => {
  database = await openDatabase({});
  const { db } = database;
  ledger = createLedgerService({ db, now: () => clock });
  const [site] = await db
    .insert(sites)
    .values({ name: 'Test', timeZone: 'America/New_York', currency: 'USD' })
    .returning();
  siteId = site!.id;
  const base = { siteId, passwordHash: null, currency: 'USD', rights: [] };
  masterId = (
    await createAgent(db, { ...base, parentId: null, login: 'M', name: 'M', email: 'm@t.test' })
  ).id;
  agentId = (
    await createAgent(db, { ...base, parentId: masterId, login: 'A', name: 'A', email: 'a@t.test' })
  ).id;
  const [player] = await db
    .insert(players)
    .values({ siteId, agentId, login: 'P1', name: 'P', currency: 'USD', creditLimit: 100_000 })
    .returning();
  playerId = player!.id;
  const [event] = await db
    .insert(events)
    .values({
      siteId,
      sport: 'NFL',
      league: 'NFL',
      home: 'H',
      away: 'A',
      startsAt: new Date('2026-11-17T01:00:00Z'),
    })
    .returning();
  eventId = event!.id;
}, 60_000);
afterAll(() => database.close());

const balances = async () => {
  const [p] = await database.db.select().from(players).where(eq(players.id, playerId));
  return { balance: p!.balance, freePlay: p!.freePlayBalance, atRisk: p!.atRisk };
};
const leg = () => ({
  eventId,
  market: 'spread' as const,
  selection: 'H -3.5',
  lineTaken: -3.5,
  oddsTaken: -110,
});

describe('ledger service', { timeout: 30_000 }, () => {
  it('posts payments once per idempotency key', async () => {
    const key = '7d1f0b8e-2f1c-4a57-9b0e-7a1d3c2b4e5f';
    const payment = {
      siteId,
      playerId,
      amount: 50_000,
      method: 'cash',
      createdBy: 'A',
      idempotencyKey: key,
    } as const;
    const first = await ledger.postPayment(payment);
    tick();
    const again = await ledger.postPayment(payment);
    expect(again.replayed).toBe(true);
    expect(again.entry.id).toBe(first.entry.id);
    expect(await balances()).toMatchObject({ balance: 50_000 });
    const [week] = await database.db
      .select()
      .from(playerWeekly)
      .where(eq(playerWeekly.playerId, playerId));
    expect(week).toMatchObject({
      weekStart: '2026-11-16',
      carry: 0,
      payments: 50_000,
      receipts: 50_000,
      entries: 1,
    });
  });

  it('grades a real-money wager and releases its risk', async () => {
    tick();
    const { wager } = await ledger.placeWager({
      siteId,
      playerId,
      wagerType: 'straight',
      description: 'H -3.5',
      risk: 11_000,
      toWin: 10_000,
      legs: [leg()],
    });
    expect(wager.ticket).toMatch(/^W\d{9}$/);
    expect(await balances()).toMatchObject({ balance: 50_000, atRisk: 11_000 });
    tick(6 * 3_600_000);
    const graded = await ledger.gradeWager({ siteId, wagerId: wager.id, result: 'win' });
    expect(graded.wager).toMatchObject({
      status: 'graded',
      result: 'win',
      amount: 10_000,
      gradedDay: '2026-11-16',
    });
    expect(await balances()).toMatchObject({ balance: 60_000, atRisk: 0 });
    await expect(
      ledger.gradeWager({ siteId, wagerId: wager.id, result: 'loss' }),
    ).rejects.toBeInstanceOf(ConflictError);

    tick();
    const regraded = await ledger.regradeWager({
      siteId,
      wagerId: wager.id,
      result: 'loss',
      changedBy: 'A',
      reason: 'Score fix',
    });
    expect(regraded.entries.map((e) => e.amount)).toEqual([-21_000]);
    expect(await balances()).toMatchObject({ balance: 39_000 });
    const [change] = await database.db
      .select()
      .from(wagerChanges)
      .where(eq(wagerChanges.wagerId, wager.id));
    expect(change).toMatchObject({ status: 'regraded', amount: -21_000, reason: 'Score fix' });

    tick();
    const voided = await ledger.voidWager({
      siteId,
      wagerId: wager.id,
      changedBy: 'A',
      actorId: agentId,
      reason: 'Duplicate',
    });
    expect(voided.reversed).toBe(11_000);
    expect(voided.balanceAfter).toBe(50_000);
    await expect(
      ledger.voidWager({ siteId, wagerId: wager.id, changedBy: 'A', reason: 'Again' }),
    ).rejects.toThrow(`Wager ${wager.ticket} is already deleted`);
    const audits = await database.db.select().from(auditLog).where(eq(auditLog.targetId, wager.id));
    expect(audits).toMatchObject([{ action: 'wager.delete', actorId: agentId }]);
  });

  it('takes a free-play stake from the free-play balance and returns it on a push', async () => {
    tick();
    await ledger.postEntry({
      siteId,
      playerId,
      type: 4,
      amount: 5_000,
      description: 'Promo',
      createdBy: 'A',
    });
    tick();
    const { wager, entries } = await ledger.placeWager({
      siteId,
      playerId,
      wagerType: 'straight',
      description: 'FP',
      risk: 5_000,
      toWin: 4_545,
      freePlay: true,
      legs: [leg()],
    });
    expect(entries.map((e) => [e.type, e.amount])).toEqual([[4, -5_000]]);
    expect(await balances()).toMatchObject({ balance: 50_000, freePlay: 0, atRisk: 0 });
    tick();
    const graded = await ledger.gradeWager({ siteId, wagerId: wager.id, result: 'push' });
    expect(graded.entries.map((e) => [e.type, e.amount])).toEqual([
      [2, 0],
      [4, 5_000],
    ]);
    expect(await balances()).toMatchObject({ balance: 50_000, freePlay: 5_000 });
    await expect(
      ledger.placeWager({
        siteId,
        playerId,
        wagerType: 'straight',
        description: 'FP',
        risk: 9_000,
        toWin: 1,
        freePlay: true,
        legs: [leg()],
      }),
    ).rejects.toBeInstanceOf(ValidationError);
  });

  it('voids an open wager with one zero entry and releases its risk', async () => {
    tick();
    const { wager } = await ledger.placeWager({
      siteId,
      playerId,
      wagerType: 'parlay',
      description: 'Two legs',
      risk: 2_000,
      toWin: 5_200,
      legs: [leg(), { ...leg(), market: 'total', selection: 'Over 44.5', lineTaken: 44.5 }],
    });
    tick();
    const voided = await ledger.voidWager({
      siteId,
      wagerId: wager.id,
      changedBy: 'A',
      reason: 'Late',
    });
    expect(voided.entries.map((e) => [e.type, e.amount])).toEqual([[2, 0]]);
    expect(await balances()).toMatchObject({ atRisk: 0 });
    const [row] = await database.db.select().from(wagers).where(eq(wagers.id, wager.id));
    expect(row).toMatchObject({ status: 'deleted', result: 'open' });
  });

  it('refuses an entry older than the player last one, and unknown players', async () => {
    const saved = clock;
    clock = new Date(clock.getTime() - 1_000);
    await expect(
      ledger.postEntry({ siteId, playerId, type: 3, amount: 1, description: 'x', createdBy: 'A' }),
    ).rejects.toBeInstanceOf(OutOfOrderEntryError);
    clock = saved;
    await expect(
      ledger.postEntry({
        siteId: siteId + 1,
        playerId,
        type: 3,
        amount: 1,
        description: 'x',
        createdBy: 'A',
      }),
    ).rejects.toBeInstanceOf(NotFoundError);
    await expect(
      ledger.postEntry({
        siteId,
        playerId,
        type: 1 as 3,
        amount: 1,
        description: 'x',
        createdBy: 'A',
      }),
    ).rejects.toBeInstanceOf(ValidationError);
  });

  it('carries the balance into the next week', async () => {
    tick(7 * 86_400_000);
    await ledger.postEntry({
      siteId,
      playerId,
      type: 5,
      amount: -2_500,
      description: 'Casino',
      createdBy: 'system',
    });
    const weeks = await database.db
      .select()
      .from(playerWeekly)
      .where(eq(playerWeekly.playerId, playerId))
      .orderBy(playerWeekly.weekStart);
    expect(weeks.map((w) => [w.weekStart, w.carry, w.ending])).toEqual([
      ['2026-11-16', 0, 50_000],
      ['2026-11-23', 50_000, 47_500],
    ]);
    const days = await database.db
      .select()
      .from(playerDaily)
      .where(eq(playerDaily.playerId, playerId));
    expect(days.length).toBeGreaterThan(1);
  });

  it('settles agents with their master once per key', async () => {
    const key = 'a8f5f167-f44f-4964-a6f2-1c5d9e1a2b3c';
    const settlement = {
      siteId,
      agentId,
      amount: 12_345,
      method: 'bank',
      enteredBy: 'M',
      idempotencyKey: key,
    } as const;
    const first = await ledger.postAgentPayment(settlement);
    const again = await ledger.postAgentPayment(settlement);
    expect(first).toMatchObject({ masterId, amount: 12_345, replayed: false });
    expect(again).toMatchObject({ id: first.id, replayed: true });
    await expect(
      ledger.postAgentPayment({
        siteId,
        agentId: masterId,
        amount: 1,
        method: 'bank',
        enteredBy: 'M',
      }),
    ).rejects.toBeInstanceOf(ValidationError);
  });

  it('leaves every ledger invariant intact', async () => {
    const violations = await countLedgerViolations(database.db);
    expect(
      Object.values(violations).every((n) => n === 0),
      JSON.stringify(violations),
    ).toBe(true);
    const [n] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from ledger`,
    );
    expect(n!.n).toBeGreaterThan(8);
  });
});

describe('ledger invariants', { timeout: 30_000 }, () => {
  it('count a corrupted balance and a broken week chain', async () => {
    const { db } = database;
    await db
      .update(players)
      .set({ balance: sql`${players.balance} + 1` })
      .where(eq(players.id, playerId));
    await db.update(playerWeekly).set({ carry: 1 }).where(eq(playerWeekly.weekStart, '2026-11-23'));
    const violations = await countLedgerViolations(db);
    expect(violations).toMatchObject({
      balanceIsSumOfRealEntries: 1,
      weeklyEndingIsNextCarry: 1,
      weeklyEndingIsCarryPlusFigures: 1,
    });
  });
});
