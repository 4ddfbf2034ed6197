import { describe, expect, it } from 'vitest';
import { patchParams } from '@/lib/search-params';
import { urlStatePatch } from '@/lib/url-state';
import { readScopedUrl, SELF } from '@/testing/scoped-url';
import {
  nextSort,
  WEEKLY_BALANCE_DEFAULTS,
  WEEKLY_BALANCE_URL,
  weeklyBalanceChange,
  weeklyBalanceState,
  type WeeklyBalanceState,
} from './filters';

const parse = (query: string, defaultPeriod = 2) => {
  const { url, idAgent } = readScopedUrl(query, WEEKLY_BALANCE_URL, WEEKLY_BALANCE_DEFAULTS);
  return weeklyBalanceState(url, idAgent, defaultPeriod);
};
const changeParams = (change: Partial<WeeklyBalanceState>) =>
  urlStatePatch(weeklyBalanceChange(change), WEEKLY_BALANCE_DEFAULTS);

describe('weekly balance URL', () => {
  it('reads every parameter with the contract schema', () => {
    expect(
      parse('period=3&idAgent=5&search=%20ann%20&sort=ending&dir=desc&page=4&pageSize=25'),
    ).toEqual({
      period: 3,
      idAgent: 5,
      search: 'ann',
      sort: 'ending',
      dir: 'desc',
      page: 4,
      pageSize: 25,
    });
  });

  it('opens on the week given as the default (last week on a Monday) unless the URL names one', () => {
    expect(parse('', 3).period).toBe(3);
    expect(parse('period=6', 3).period).toBe(3);
    expect(parse('period=2', 3).period).toBe(2);
  });

  it('falls back to the defaults for what is missing or unusable', () => {
    const defaults = {
      period: 2,
      idAgent: SELF,
      search: '',
      sort: 'player',
      dir: 'asc',
      page: 1,
      pageSize: 100,
    };
    expect(parse('')).toEqual(defaults);
    // Period 6 is a real period but not a week; agent 9 is outside the caller's subtree.
    expect(
      parse(
        `period=6&idAgent=9&search=${'x'.repeat(101)}&sort=balance&dir=up&page=0&pageSize=1001`,
      ),
    ).toEqual(defaults);
    expect(parse('page=abc&pageSize=-5&idAgent=abc')).toEqual(defaults);
  });

  it('starts again from page 1 on any change but a page turn', () => {
    const onPage3 = new URLSearchParams('period=3&page=3');
    const at = (change: Parameters<typeof changeParams>[0]) =>
      patchParams(onPage3, changeParams(change)).toString();
    expect(at({ page: 4 })).toBe('period=3&page=4');
    expect(at({ period: 2 })).toBe('period=2');
    expect(at({ idAgent: 5 })).toBe('period=3&idAgent=5');
    expect(at({ search: ' ann ' })).toBe('period=3&search=ann');
    expect(at({ sort: 'carry', dir: 'desc' })).toBe('period=3&sort=carry&dir=desc');
    expect(at({ pageSize: 200 })).toBe('period=3&pageSize=200');
  });

  it('leaves defaults out of the URL, so a parsed URL round-trips', () => {
    const query = 'period=3&idAgent=5&search=ann&sort=day4&dir=desc&page=2&pageSize=50';
    const state = parse(query);
    expect(parse(patchParams(new URLSearchParams(), changeParams(state)).toString())).toEqual(
      state,
    );
    const back = changeParams({ search: '', sort: 'player', dir: 'asc', page: 1, pageSize: 100 });
    expect(patchParams(new URLSearchParams(query), back).toString()).toBe('period=3&idAgent=5');
  });

  it('flips the sorted column, starts another ascending', () => {
    expect(nextSort({ sort: 'player', dir: 'asc' }, 'player')).toEqual({
      sort: 'player',
      dir: 'desc',
    });
    expect(nextSort({ sort: 'ending', dir: 'desc' }, 'ending')).toEqual({
      sort: 'ending',
      dir: 'asc',
    });
    expect(nextSort({ sort: 'player', dir: 'desc' }, 'day3')).toEqual({
      sort: 'day3',
      dir: 'asc',
    });
  });
});
