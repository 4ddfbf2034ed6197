// Player standing sorts a figure across currencies by the ranking it is given (the site's
// currency, from money-ranking.ts), never by raw figures (issue 14 item 5).
import { describe, expect, it } from 'vitest';
import type { PlayerStandingRow } from '@backline/contract/reports/player-standing';
import { sortRows } from './standing-rows';

const rate: Record<string, number> = { USD: 1, CAD: 0.73, MXN: 0.058 };
const inUsd = (amount: number, currency: string) => Math.round(amount * rate[currency]!);

const row = (Player: string, Currency: string, Balance: number) =>
  ({ Player, Currency, Balance, AtRisk: Balance }) as PlayerStandingRow;

describe('player standing across currencies', () => {
  it('ranks CA$12,150 and MX$11,250 below US$9,750', () => {
    const rows = [
      row('US', 'USD', 975_000),
      row('MX', 'MXN', 1_125_000),
      row('CA', 'CAD', 1_215_000),
    ];
    const sorted = sortRows(rows, { key: 'Balance', dir: 'desc' }, 'en-US', inUsd);
    expect(sorted.map((r) => r.Player)).toEqual(['US', 'CA', 'MX']);
    const ascending = sortRows(rows, { key: 'AtRisk', dir: 'asc' }, 'en-US', inUsd);
    expect(ascending.map((r) => r.Player)).toEqual(['MX', 'CA', 'US']);
  });
});
