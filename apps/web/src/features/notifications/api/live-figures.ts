// Figures that move with the platform's events: each `feed` event of the stream marks the queries
// its type touches stale, at most once a second however many arrive, so a book taking 200 events a
// second refetches an open screen once a second instead of 200 times. Only screens on view refetch.
import type { NotificationFeedType } from '@backline/contract/calls/notifications';
import type { QueryClient, QueryKey } from '@tanstack/react-query';

export const REFRESH_EVERY_MS = 1000;

// The query keys of the screens each event moves (their features' own keys).
const OPEN_BETS: QueryKey[] = [
  ['wagers', 'open'],
  ['wagers', 'open-summary'],
  ['player-standing'],
  ['position'],
];
const GRADED: QueryKey[] = [
  ['wagers', 'graded'],
  ['wagers', 'changed'],
  ['player-analysis'],
  ['hold'],
];
const BALANCES: QueryKey[] = [
  ['weekly-balance'],
  ['new-weekly-balance'],
  ['player-standing'],
  ['player-history'],
  ['cash-flow'],
];

export const FIGURES_OF: Record<NotificationFeedType, readonly QueryKey[]> = {
  'wager.placed': OPEN_BETS,
  'wager.graded': [...OPEN_BETS, ...GRADED, ...BALANCES],
  'wager.regraded': [...GRADED, ...BALANCES],
  'wager.voided': [...OPEN_BETS, ...GRADED, ...BALANCES],
  'product.result': BALANCES,
  'payment.posted': [...BALANCES, ['player-payment']],
};

const EVERY_FIGURE = [...new Set(Object.values(FIGURES_OF).flat())];

export function createLiveFigures(queryClient: QueryClient, everyMs = REFRESH_EVERY_MS) {
  const pending = new Map<string, QueryKey>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let last = Number.NEGATIVE_INFINITY;

  function flush(): void {
    timer = undefined;
    last = Date.now();
    const keys = [...pending.values()];
    pending.clear();
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  }

  function mark(keys: readonly QueryKey[]): void {
    for (const key of keys) pending.set(JSON.stringify(key), key);
    if (timer !== undefined) return;
    timer = setTimeout(flush, Math.max(0, last + everyMs - Date.now()));
  }

  return {
    /** A platform event of this type moved figures below the view agent. */
    touched: (type: NotificationFeedType) => mark(FIGURES_OF[type]),
    /** The stream was away: whatever it missed may have moved any of them. */
    missed: () => mark(EVERY_FIGURE),
    stop(): void {
      clearTimeout(timer);
      timer = undefined;
      pending.clear();
    },
  };
}
