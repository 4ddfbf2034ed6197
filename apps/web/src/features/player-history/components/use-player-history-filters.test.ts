import { describe, expect, it } from 'vitest';
import { readUrlState } from '@/lib/url-state';
import { HISTORY_DEFAULTS, HISTORY_URL, historyParams } from './use-player-history-filters';

const parse = (query: string) =>
  historyParams(readUrlState(new URLSearchParams(query), HISTORY_URL, HISTORY_DEFAULTS));

describe('player history filters', () => {
  it('read the player, the period and the transaction type', () => {
    expect(parse('idPlayer=12&period=6&transactionType=5')).toEqual({
      idPlayer: 12,
      range: { period: 6 },
      transactionType: 5,
    });
  });

  it('fall back to no player, this week and all types', () => {
    expect(parse('idPlayer=abc&transactionType=9')).toEqual({
      idPlayer: null,
      range: { period: 2 },
      transactionType: -1,
    });
  });
});
