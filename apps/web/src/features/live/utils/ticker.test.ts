import type { LiveItem } from '@backline/contract/calls/live';
import { describe, expect, it } from 'vitest';
import { liveItem } from './live-item.fixture';
import { INITIAL_TICKER, isBig, mergeItems, tickerReducer } from './ticker';

const item = (Id: number, over: Partial<LiveItem> = {}): LiveItem =>
  liveItem({ Id, IdWager: Id, Ticket: `T${Id}`, ...over });

const ids = (list: readonly LiveItem[]) => list.map((i) => i.Id);

describe('the ticker list', () => {
  it('keeps each id once, newest first, cut at the cap', () => {
    expect(ids(mergeItems([item(3), item(1)], [item(2), item(3), item(5)]))).toEqual([5, 3, 2, 1]);
    expect(ids(mergeItems([item(1), item(2)], [item(3)], 2))).toEqual([3, 2]);
  });

  it('queues what arrives while paused and shows it on resume, none twice', () => {
    let s = tickerReducer(INITIAL_TICKER, { type: 'loaded', items: [item(1), item(2)] });
    s = tickerReducer(s, { type: 'pause' });
    s = tickerReducer(s, { type: 'arrived', items: [item(3), item(2)] });
    s = tickerReducer(s, { type: 'arrived', items: [item(3), item(4)] });
    expect(ids(s.items)).toEqual([2, 1]);
    expect(ids(s.queued)).toEqual([4, 3]);
    s = tickerReducer(s, { type: 'resume' });
    expect(ids(s.items)).toEqual([4, 3, 2, 1]);
    expect(s.queued).toEqual([]);
    expect(s.paused).toBe(false);
    const same = tickerReducer(s, { type: 'arrived', items: [item(4)] });
    expect(same).toBe(s);
  });

  it('tells a big wager by its risk in the site currency', () => {
    expect(isBig(item(1, { RiskSite: 100_000 }), 100_000)).toBe(true);
    expect(isBig(item(1, { RiskSite: 99_999 }), 100_000)).toBe(false);
    expect(isBig(item(1, { RiskSite: null }), 0)).toBe(false);
  });
});
