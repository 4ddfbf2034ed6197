// @vitest-environment jsdom
import type { SessionRow } from '@backline/contract/calls/sessions';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionList } from './session-list';

afterEach(cleanup);

const row = (over: Partial<SessionRow>): SessionRow => ({
  IdSession: 1,
  Device: 'Chrome (Android)',
  Ip: '203.0.113.5',
  Country: 'US',
  Method: 'password',
  StartedAt: '2026-11-18T15:00:00.000Z',
  LastSeenAt: '2026-11-18T15:10:00.000Z',
  ExpiresAt: '2026-11-18T15:40:00.000Z',
  This: false,
  ...over,
});

// Without a loaded language the labels read as their keys.
describe('SessionList', () => {
  it('marks this session, says where each came from, and ends the one chosen', () => {
    const onEnd = vi.fn();
    const sessions = [
      row({ IdSession: 7, This: true }),
      row({ IdSession: 8, Device: null, Ip: '198.51.100.9', Country: null }),
    ];
    render(<SessionList sessions={sessions} onEnd={onEnd} label="Sessions" />);
    const [mine, other] = within(screen.getByRole('list', { name: 'Sessions' })).getAllByRole(
      'listitem',
    );
    expect(within(mine!).getByText('sessions.thisOne')).toBeTruthy();
    expect(within(mine!).getByText('203.0.113.5 · US')).toBeTruthy();
    expect(within(other!).queryByText('sessions.thisOne')).toBeNull();
    expect(within(other!).getByText('sessions.unknownDevice')).toBeTruthy();
    expect(within(other!).getByText('198.51.100.9')).toBeTruthy();
    fireEvent.click(within(other!).getByRole('button'));
    expect(onEnd).toHaveBeenCalledWith(sessions[1]);
  });

  it('shows no End button where the reader only looks', () => {
    render(<SessionList sessions={[row({})]} label="Sessions" />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
