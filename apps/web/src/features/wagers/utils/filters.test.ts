import { describe, expect, it } from 'vitest';
import { nextSort, parseWagerCenter, toSearchParams, type ParseContext } from './filters';

const ctx: ParseContext = {
  agentIds: new Set([1, 5]),
  defaultRange: { startDate: '2026-11-16', endDate: '2026-11-22' },
};
const parse = (query: string) => parseWagerCenter(new URLSearchParams(query), ctx);

describe('wager center URL', () => {
  it('reads every filter with the contract schema and drops what does not parse', () => {
    const state = parse(
      'tab=graded&idAgent=5&idPlayer=77&wagerType=parlay&sport=NFL&idCurrency=2&betResult=win' +
        '&startDate=2026-11-01&endDate=2026-11-07&page=3&pageSize=100&sort=amount&dir=asc',
    );
    expect(state).toEqual({
      tab: 'graded',
      list: {
        idAgent: 5,
        idPlayer: 77,
        wagerType: 'parlay',
        sport: 'NFL',
        idCurrency: 2,
        betResult: 'win',
        page: 3,
        pageSize: 100,
        sort: 'amount',
        dir: 'asc',
      },
      startDate: '2026-11-01',
      endDate: '2026-11-07',
      status: undefined,
    });
    const bad = parse('tab=nope&idAgent=9&sport=CRICKET&wagerType=x&page=0&startDate=2026-11-09');
    expect(bad.tab).toBe('open');
    expect(bad.list).toMatchObject({ idAgent: undefined, sport: undefined, wagerType: undefined });
    expect(bad.list.page).toBe(1);
    expect([bad.startDate, bad.endDate]).toEqual(['2026-11-16', '2026-11-22']);
  });

  it('keeps the result filter to the graded tab and never sorts open wagers by grading time', () => {
    expect(parse('betResult=win').list.betResult).toBeUndefined();
    expect(parse('sort=gradedAt').list.sort).toBe('placedAt');
    expect(parse('tab=graded').list.sort).toBe('gradedAt');
  });

  it('writes back only what differs from the defaults, so a parsed URL round-trips', () => {
    const query =
      'tab=changed&idAgent=5&sport=NBA&status=deleted&startDate=2026-11-01&endDate=2026-11-02';
    const written = toSearchParams(parse(query), ctx);
    expect(parse(written.toString())).toEqual(parse(query));
    expect(toSearchParams(parse(''), ctx).toString()).toBe('');
  });

  it('flips the direction on the same column, starts a new one largest first', () => {
    expect(nextSort({ sort: 'risk', dir: 'desc' }, 'risk')).toEqual({ sort: 'risk', dir: 'asc' });
    expect(nextSort({ sort: 'risk', dir: 'asc' }, 'toWin')).toEqual({ sort: 'toWin', dir: 'desc' });
    expect(nextSort({ sort: 'risk', dir: 'asc' }, 'player')).toEqual({
      sort: 'player',
      dir: 'asc',
    });
  });
});
