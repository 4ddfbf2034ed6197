import { describe, expect, it } from 'vitest';
import type { ChangedBet } from '@backline/contract/reports/wagers';
import { changedTotals, sortChanged } from './totals';

const change = (id: number, over: Partial<ChangedBet>): ChangedBet => ({
  IdChange: id,
  IdWager: id,
  Ticket: `W${id}`,
  Status: 'deleted',
  ChangedAt: '2026-11-20T10:00:00.000Z',
  ChangedBy: 'MASTER',
  Reason: 'r',
  Before: { Status: 'open', Result: 'open', Amount: 0, Risk: 100, ToWin: 90 },
  After: { Status: 'deleted', Result: 'open', Amount: 0, Risk: 100, ToWin: 90 },
  Amount: 0,
  IdPlayer: 1,
  Player: 'P',
  Name: 'N',
  IdAgent: 1,
  Agent: 'A',
  Currency: 'USD',
  ...over,
});

describe('changed bets', () => {
  it('totals the balance moved per currency to the cent', () => {
    expect(
      changedTotals([
        change(1, { Amount: 45_46 }),
        change(2, { Amount: -10_01, Currency: 'MXN' }),
        change(3, { Amount: 1 }),
      ]),
    ).toEqual([
      { Currency: 'MXN', Count: 1, Amount: -1001 },
      { Currency: 'USD', Count: 2, Amount: 4547 },
    ]);
  });

  it('sorts by the instant, whatever the offset it is written with', () => {
    const rows = [
      change(1, { ChangedAt: '2026-11-20T10:00:00+00:00' }),
      change(2, { ChangedAt: '2026-11-20T06:30:00-05:00' }),
    ];
    expect(sortChanged(rows, 'changedAt', 'desc', 'en').map((r) => r.IdChange)).toEqual([2, 1]);
  });

  it('ranks amounts across currencies by the ranking given (the site currency)', () => {
    const rate: Record<string, number> = { USD: 1, CAD: 0.73, MXN: 0.058 };
    const inUsd = (amount: number, currency: string) => Math.round(amount * rate[currency]!);
    const rows = [
      change(1, { Currency: 'USD', Amount: -975_000 }),
      change(2, { Currency: 'MXN', Amount: -1_125_000 }),
      change(3, { Currency: 'CAD', Amount: -1_215_000 }),
    ];
    expect(sortChanged(rows, 'amount', 'asc', 'en', inUsd).map((r) => r.IdChange)).toEqual([
      1, 3, 2,
    ]);
  });
});
