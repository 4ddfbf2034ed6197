import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLiveFigures, FIGURES_OF } from './live-figures';

describe('createLiveFigures', () => {
  let client: QueryClient;
  let invalidated: unknown[][];

  beforeEach(() => {
    vi.useFakeTimers();
    client = new QueryClient();
    invalidated = [];
    const invalidate = client.invalidateQueries.bind(client);
    client.invalidateQueries = ((filters?: { queryKey?: unknown[] }) => {
      invalidated.push(filters?.queryKey ?? []);
      return invalidate(filters);
    }) as QueryClient['invalidateQueries'];
  });
  afterEach(() => vi.useRealTimers());

  it('refreshes the first event at once, then at most once a second, with every key touched', () => {
    const figures = createLiveFigures(client, 1000);
    figures.touched('wager.placed');
    vi.advanceTimersByTime(0);
    expect(invalidated).toEqual(FIGURES_OF['wager.placed']);

    // 200 events in the next second: one refresh, a second after the first, of their keys once.
    invalidated = [];
    for (let i = 0; i < 200; i++) {
      figures.touched(i % 2 ? 'wager.placed' : 'payment.posted');
      vi.advanceTimersByTime(4);
    }
    expect(invalidated).toEqual([]);
    vi.advanceTimersByTime(200);
    const keys = new Set(invalidated.map((k) => JSON.stringify(k)));
    expect(keys.size).toBe(invalidated.length);
    expect(keys).toEqual(
      new Set(
        [...FIGURES_OF['wager.placed'], ...FIGURES_OF['payment.posted']].map((k) =>
          JSON.stringify(k),
        ),
      ),
    );
    invalidated = [];
    vi.advanceTimersByTime(5000);
    expect(invalidated).toEqual([]);
  });

  it('places move the open bets, grades the weekly balance too, and stop drops what waits', () => {
    const keys = (type: keyof typeof FIGURES_OF) => FIGURES_OF[type].map((k) => k.join('/'));
    expect(keys('wager.placed')).toContain('wagers/open');
    expect(keys('wager.placed')).not.toContain('weekly-balance');
    expect(keys('wager.graded')).toEqual(expect.arrayContaining(['wagers/open', 'weekly-balance']));
    expect(keys('product.result')).toContain('weekly-balance');

    const figures = createLiveFigures(client, 1000);
    figures.touched('wager.graded');
    vi.advanceTimersByTime(0);
    invalidated = [];
    figures.touched('wager.graded');
    figures.stop();
    vi.advanceTimersByTime(2000);
    expect(invalidated).toEqual([]);
  });
});
