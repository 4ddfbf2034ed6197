import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { localDate, mondayOf, type LedgerType } from '@backline/contract';
import {
  applyEntry,
  emptyLedgerState,
  OutOfOrderEntryError,
  replay,
  ZERO_FIGURES,
  type LedgerEntry,
  type RollupFigures,
} from './ledger-math.ts';
import { regradePosting, settlementPosting, voidReversal } from './wager-math.ts';

const ZONES = ['America/New_York', 'Europe/Madrid', 'Asia/Kolkata', 'Australia/Lord_Howe', 'UTC'];
const FIGURES = Object.keys(ZERO_FIGURES) as (keyof RollupFigures)[];

const entries = fc
  .tuple(
    fc.date({
      min: new Date('2020-01-01T00:00:00Z'),
      max: new Date('2030-01-01T00:00:00Z'),
      noInvalidDate: true,
    }),
    fc.array(
      fc.record({
        type: fc.integer({ min: 1, max: 7 }),
        amount: fc.integer({ min: -5_000_000, max: 5_000_000 }),
        // Mostly minutes apart, sometimes days: several entries a day, and weeks with no entry at all.
        gap: fc.oneof(
          fc.integer({ min: 0, max: 3_600_000 }),
          fc.integer({ min: 0, max: 20 * 86_400_000 }),
        ),
      }),
      { maxLength: 80 },
    ),
  )
  .map(([start, steps]) => {
    let t = start.getTime();
    return steps.map((s): LedgerEntry => {
      t += s.gap;
      return {
        type: s.type as LedgerType,
        amount: s.amount,
        createdAt: new Date(t),
        description: 'x',
      };
    });
  });

const state = (timeZone: string) =>
  emptyLedgerState({ siteId: 1, playerId: 7, agentId: 3, timeZone });
const real = (list: LedgerEntry[]) =>
  list.filter((e) => e.type !== 4).reduce((s, e) => s + e.amount, 0);

describe('ledger math', () => {
  it('keeps balance = sum of real entries and free play = sum of type 4, row by row', () => {
    fc.assert(
      fc.property(entries, fc.constantFrom(...ZONES), (list, zone) => {
        const j = replay(state(zone), list);
        expect(j.state.balance).toBe(real(list));
        expect(j.state.freePlayBalance).toBe(
          list.filter((e) => e.type === 4).reduce((s, e) => s + e.amount, 0),
        );
        let before = 0;
        j.rows.forEach((row, i) => {
          expect(row.balanceAfter).toBe(real(list.slice(0, i + 1)));
          if (row.type === 4) expect(row.balanceAfter).toBe(before);
          expect(row.day).toBe(localDate(row.createdAt, zone));
          before = row.balanceAfter;
        });
      }),
    );
  });

  it('keeps ending = carry + week figures, and each ending = the next week carry', () => {
    fc.assert(
      fc.property(entries, fc.constantFrom(...ZONES), (list, zone) => {
        const j = replay(state(zone), list);
        let previousEnding = 0;
        for (const w of j.weeklies) {
          expect(w.carry).toBe(previousEnding);
          const figures = w.sports + w.casino + w.horses + w.rbl + w.payments + w.adjustments;
          expect(w.ending).toBe(w.carry + figures);
          expect(w.receipts + w.disbursements).toBe(w.payments);
          expect(w.receipts).toBeGreaterThanOrEqual(0);
          expect(w.disbursements).toBeLessThanOrEqual(0);
          previousEnding = w.ending;
        }
        expect(previousEnding).toBe(j.state.balance);
      }),
    );
  });

  it('makes the daily rows of a week add up to its weekly row, and closes each day at its last balance', () => {
    fc.assert(
      fc.property(entries, fc.constantFrom(...ZONES), (list, zone) => {
        const j = replay(state(zone), list);
        expect(j.dailies.reduce((n, d) => n + d.entries, 0)).toBe(list.length);
        for (const w of j.weeklies) {
          const days = j.dailies.filter((d) => mondayOf(d.day) === w.weekStart);
          for (const key of FIGURES) expect(days.reduce((s, d) => s + d[key], 0)).toBe(w[key]);
          expect(days.at(-1)!.closing).toBe(w.ending);
        }
        for (const d of j.dailies) {
          const last = j.rows.filter((r) => r.day === d.day).at(-1)!;
          expect(d.closing).toBe(last.balanceAfter);
        }
      }),
    );
  });

  it('rejects an entry older than the last one', () => {
    const first = applyEntry(state('UTC'), {
      type: 3,
      amount: 100,
      createdAt: new Date('2026-05-05T12:00:00Z'),
      description: 'a',
    });
    expect(() =>
      applyEntry(first.state, {
        type: 3,
        amount: 1,
        createdAt: new Date('2026-05-05T11:59:59Z'),
        description: 'b',
      }),
    ).toThrow(OutOfOrderEntryError);
    const same = applyEntry(first.state, {
      type: 3,
      amount: 1,
      createdAt: first.row.createdAt,
      description: 'c',
    });
    expect(same.dailyIsNew).toBe(false);
    expect(same.daily.entries).toBe(2);
  });

  it('cuts days in the site zone: 03:30 UTC on a Monday is still Sunday in New York', () => {
    const posted = applyEntry(state('America/New_York'), {
      type: 2,
      amount: -500,
      createdAt: new Date('2026-11-16T03:30:00Z'),
      description: 'x',
    });
    expect(posted.row.day).toBe('2026-11-15');
    expect(posted.weekly.weekStart).toBe('2026-11-09');
  });
});

describe('wager math', () => {
  const real = { risk: 1100, toWin: 1000, freePlay: false };
  const free = { risk: 1100, toWin: 1000, freePlay: true };

  it('settles win +to-win, loss -risk (0 on free play), push and no action 0 (free play back)', () => {
    expect(settlementPosting(real, 'win')).toEqual({ wagers: 1000, freePlay: 0 });
    expect(settlementPosting(real, 'loss')).toEqual({ wagers: -1100, freePlay: 0 });
    expect(settlementPosting(real, 'push')).toEqual({ wagers: 0, freePlay: 0 });
    expect(settlementPosting(free, 'loss')).toEqual({ wagers: 0, freePlay: 0 });
    expect(settlementPosting(free, 'noaction')).toEqual({ wagers: 0, freePlay: 1100 });
  });

  it('regrades by the difference', () => {
    expect(regradePosting(real, 'win', 'loss')).toEqual({ wagers: -2100, freePlay: 0 });
    expect(regradePosting(free, 'loss', 'push')).toEqual({ wagers: 0, freePlay: 1100 });
  });

  it('voids by negating each non-zero type, or posts one type-2 zero', () => {
    expect(
      voidReversal(
        new Map([
          [4, -1100],
          [2, 1000],
        ]),
      ),
    ).toEqual([
      { type: 2, amount: -1000 },
      { type: 4, amount: 1100 },
    ]);
    expect(voidReversal(new Map([[2, 0]]))).toEqual([{ type: 2, amount: 0 }]);
    expect(voidReversal(new Map())).toEqual([{ type: 2, amount: 0 }]);
  });
});
