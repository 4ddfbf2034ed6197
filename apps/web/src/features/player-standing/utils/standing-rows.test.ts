import type { PlayerStandingRow } from '@backline/contract/reports/player-standing';
import { formatMoney } from '@backline/contract/core/money';
import { describe, expect, it } from 'vitest';
import { textWidth } from '@/lib/column-width';
import { columnChars, FIGURE_KEYS, filterRows, sortRows } from './standing-rows';

function row(player: string, name: string, balance: number, currency = 'USD'): PlayerStandingRow {
  return {
    IdPlayer: player.length * 100 + balance,
    Player: player,
    Name: name,
    IdAgent: 1,
    Agent: player.startsWith('PL1') ? 'AG1' : 'AG2',
    Currency: currency,
    Active: true,
    CreditLimit: 100_000,
    Balance: balance,
    AtRisk: 0,
    Available: 100_000 + balance,
    FreePlayBalance: 0,
    ThisWeek: 0,
    LastWeek: 0,
    Sports: 0,
    Casino: 0,
    Horses: 0,
  };
}

const rows = [row('PL10', 'José Núñez', 500), row('PL2', 'Ann Lee', -100), row('PL3', 'Bo', 500)];

describe('player standing rows', () => {
  it('sorts logins naturally and figures numerically, ties in server order', () => {
    const byPlayer = sortRows(rows, { key: 'Player', dir: 'asc' }, 'en-US');
    expect(byPlayer.map((r) => r.Player)).toEqual(['PL2', 'PL3', 'PL10']);
    const byBalance = sortRows(rows, { key: 'Balance', dir: 'desc' }, 'en-US');
    expect(byBalance.map((r) => r.Player)).toEqual(['PL10', 'PL3', 'PL2']);
  });

  it('finds players by login or name, ignoring case and accents', () => {
    expect(filterRows(rows, 'nunez').map((r) => r.Player)).toEqual(['PL10']);
    expect(filterRows(rows, '  ')).toBe(rows);
  });

  it('sizes a column by its widest amount in any currency, or its heading', () => {
    const labels = Object.fromEntries(FIGURE_KEYS.map((k) => [k, k])) as Record<
      (typeof FIGURE_KEYS)[number],
      string
    >;
    const widths = columnChars(
      [row('PL1', 'A', -123_456_789), row('PL2', 'B', 5, 'MXN')],
      [],
      (minor, currency) => formatMoney(minor, currency, 'en-US'),
      labels,
    );
    expect(widths.Balance.figure).toBe(textWidth('-$1,234,567.89'));
    expect(widths.AtRisk.figure).toBe(textWidth('MX$0.00'));
    // Available is bold in its rows, and totals rows are bold: both take more room.
    expect(widths.Available.figure).toBe(textWidth('-$1,233,567.89', true));
    const withTotals = columnChars(
      [row('PL1', 'A', 5)],
      [row('', '', 99_999_999)],
      (minor, currency) => formatMoney(minor, currency, 'en-US'),
      labels,
    );
    expect(withTotals.Balance.figure).toBe(textWidth('$999,999.99', true));
    // A heading wraps between words: only its longest word counts.
    expect(columnChars([], [], () => '', { ...labels, Sports: 'Sports betting' }).Sports).toEqual({
      heading: textWidth('betting'),
      figure: 0,
    });
  });
});
