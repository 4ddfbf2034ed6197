import { describe, expect, it } from 'vitest';
import { patchParams } from '@/lib/search-params';
import { urlStatePatch } from '@/lib/url-state';
import { readScopedUrl, SELF } from '@/testing/scoped-url';
import {
  WAGER_CENTER_DEFAULTS,
  WAGER_CENTER_URL,
  wagerCenterParams,
  wagerCenterState,
  type WagerCenterState,
} from './filters';

const defaultRange = { startDate: '2026-11-16', endDate: '2026-11-22' };
const parse = (query: string) => {
  const { url, idAgent } = readScopedUrl(query, WAGER_CENTER_URL, WAGER_CENTER_DEFAULTS);
  return wagerCenterState(url, idAgent, defaultRange);
};
/** A state written over the URL it was read from, as the screen patches it. */
const write = (state: WagerCenterState, over = '') =>
  patchParams(
    new URLSearchParams(over),
    urlStatePatch(wagerCenterParams(state, defaultRange), WAGER_CENTER_DEFAULTS),
  );

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
    // Agent 9 is outside the caller's subtree: the caller's own wagers are shown.
    expect(bad.list).toMatchObject({ idAgent: SELF, sport: undefined, wagerType: undefined });
    expect(bad.list.page).toBe(1);
    expect([bad.startDate, bad.endDate]).toEqual(['2026-11-16', '2026-11-22']);
  });

  it('narrows the open list to one game (position’s drill-down), and only the open list', () => {
    const open = parse('tab=open&idEvent=42&sport=NFL');
    expect(open.list.idEvent).toBe(42);
    expect(write(open).get('idEvent')).toBe('42');
    expect(parse('tab=graded&idEvent=42').list.idEvent).toBeUndefined();
    expect(parse('idEvent=x').list.idEvent).toBeUndefined();
    // Every game again: the parameter leaves the URL.
    expect(
      write({ ...open, list: { ...open.list, idEvent: undefined } }, 'idEvent=42').has('idEvent'),
    ).toBe(false);
  });

  it('keeps the result filter to the graded tab and never sorts open wagers by grading time', () => {
    expect(parse('betResult=win').list.betResult).toBeUndefined();
    expect(parse('sort=gradedAt').list.sort).toBe('placedAt');
    expect(parse('tab=graded').list.sort).toBe('gradedAt');
  });

  it('writes back only what differs from the defaults, so a parsed URL round-trips', () => {
    const query =
      'tab=changed&idAgent=5&sport=NBA&status=deleted&startDate=2026-11-01&endDate=2026-11-02';
    const written = write(parse(query), query);
    expect(parse(written.toString())).toEqual(parse(query));
    expect(write(parse('')).toString()).toBe('');
  });
});
