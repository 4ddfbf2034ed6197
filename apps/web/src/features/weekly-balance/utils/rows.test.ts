import type { WeeklyBalanceRow } from '@backline/contract/endpoints/weekly-balance';
import { describe, expect, it } from 'vitest';
import { filterRows, nextSort, sortRows } from './rows';

function row(player: string, name: string, carry: number, monday = 0): WeeklyBalanceRow {
  return {
    IdPlayer: player.length * 1000 + carry,
    Player: player,
    Name: name,
    IdAgent: 1,
    Agent: 'MASTER',
    Currency: 'USD',
    Carry: carry,
    Days: [monday, 0, 0, 0, 0, 0, 0],
    WeekTotal: monday,
    Payments: 0,
    Adjustments: 0,
    Ending: carry + monday,
  };
}

const rows = [
  row('PL10', 'José Núñez', 500, -250),
  row('PL2', 'Ann Lee', -100, 75),
  row('PL3', 'Bo', 500),
];

describe('weekly balance rows', () => {
  it('sorts logins in natural order and figures numerically', () => {
    const byPlayer = sortRows(rows, { key: 'player', direction: 'ascending' }, 'en-US');
    expect(byPlayer.map((r) => r.Player)).toEqual(['PL2', 'PL3', 'PL10']);
    const byMonday = sortRows(rows, { key: 'day0', direction: 'descending' }, 'en-US');
    expect(byMonday.map((r) => r.Player)).toEqual(['PL2', 'PL3', 'PL10']);
  });

  it('keeps the server order between equal figures', () => {
    const byCarry = sortRows(rows, { key: 'carry', direction: 'descending' }, 'en-US');
    expect(byCarry.map((r) => r.Player)).toEqual(['PL10', 'PL3', 'PL2']);
  });

  it('flips the direction on a second click of the same column', () => {
    const first = nextSort(null, 'ending');
    expect(first).toEqual({ key: 'ending', direction: 'ascending' });
    expect(nextSort(first, 'ending').direction).toBe('descending');
    expect(nextSort(first, 'carry').direction).toBe('ascending');
  });

  it('finds players by login or name, ignoring case and accents', () => {
    expect(filterRows(rows, 'nunez').map((r) => r.Player)).toEqual(['PL10']);
    expect(filterRows(rows, ' pl2 ').map((r) => r.Player)).toEqual(['PL2']);
    expect(filterRows(rows, '')).toBe(rows);
  });
});
