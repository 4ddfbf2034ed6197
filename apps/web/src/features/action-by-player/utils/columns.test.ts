import { describe, expect, it } from 'vitest';
import type { ActionByPlayerRow } from '@backline/contract/reports/action-by-player';
import { sortAction, typesPresent } from './columns';

const row = (player: string, byType: ActionByPlayerRow['ByType']): ActionByPlayerRow => ({
  IdPlayer: player.length,
  Player: player,
  Name: player,
  IdAgent: 1,
  Agent: 'A',
  Currency: 'USD',
  ByType: byType,
  Count: Object.values(byType).reduce((a, v) => a + v.Count, 0),
  Volume: Object.values(byType).reduce((a, v) => a + v.Volume, 0),
});

describe('action by player columns', () => {
  it('lists only the wager types with action, in the book order', () => {
    const rows = [
      row('B', { live: { Count: 1, Volume: 100 } }),
      row('A', { straight: { Count: 2, Volume: 300 }, parlay: { Count: 1, Volume: 50 } }),
    ];
    expect(typesPresent(rows)).toEqual(['straight', 'parlay', 'live']);
  });

  it('sorts by one type, players without it counting as zero', () => {
    const rows = [
      row('A', { straight: { Count: 2, Volume: 300 } }),
      row('B', { parlay: { Count: 1, Volume: 900 } }),
      row('C', { parlay: { Count: 1, Volume: 50 } }),
    ];
    expect(sortAction(rows, 'type:parlay', 'desc', 'en').map((r) => r.Player)).toEqual([
      'B',
      'C',
      'A',
    ]);
    expect(sortAction(rows, 'volume', 'asc', 'en').map((r) => r.Player)).toEqual(['C', 'A', 'B']);
  });

  it('orders money within each currency, never across them', () => {
    const rows = [
      { ...row('A', { straight: { Count: 1, Volume: 100_000 } }), Currency: 'MXN' },
      row('B', { straight: { Count: 1, Volume: 5_000 } }),
      { ...row('C', { straight: { Count: 1, Volume: 900 } }), Currency: 'MXN' },
    ];
    expect(sortAction(rows, 'volume', 'desc', 'en').map((r) => r.Player)).toEqual(['A', 'C', 'B']);
  });
});
