import type { LiveItem } from '@backline/contract/calls/live';

/** A ticker item for the feature's tests: a straight NFL wager placed, with `over` on top. */
export const liveItem = (over: Partial<LiveItem> = {}): LiveItem => ({
  Id: 1,
  Kind: 'placed',
  At: '2026-11-27T12:00:00Z',
  IdWager: 1,
  Ticket: 'T1',
  IdPlayer: 1,
  Player: 'PL1',
  IdAgent: 2,
  Agent: 'AG',
  Path: [2],
  WagerType: 'straight',
  Sport: 'NFL',
  Description: 'Home -3',
  Currency: 'USD',
  Risk: 1_100,
  ToWin: 1_000,
  Amount: 0,
  Result: 'open',
  FreePlay: false,
  Watched: false,
  Sharp: false,
  RiskSite: 1_100,
  ...over,
});
