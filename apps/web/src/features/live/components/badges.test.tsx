// @vitest-environment jsdom
import type { LiveItem } from '@backline/contract/calls/live';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Badges } from './badges';

afterEach(cleanup);

const item = (over: Partial<LiveItem>): LiveItem => ({
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

describe('the ticker’s badges', () => {
  it('say in words what makes a wager stand out, not by colour alone', () => {
    render(<Badges item={item({ Watched: true, Sharp: true })} big />);
    expect(screen.getByText('live.badges.big').className).toContain('live-badge--big');
    expect(screen.getByText('live.badges.sharp')).toBeTruthy();
    expect(screen.getByText('live.badges.watched')).toBeTruthy();
  });

  it('are absent from an ordinary wager', () => {
    const { container } = render(<Badges item={item({})} big={false} />);
    expect(container.innerHTML).toBe('');
  });
});
