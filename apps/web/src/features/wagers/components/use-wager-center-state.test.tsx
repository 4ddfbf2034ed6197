// @vitest-environment jsdom
import type { AgentSummary } from '@backline/contract/calls/auth';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAgentStore } from '@/stores/agent-store';
import { useWagerCenterState } from './use-wager-center-state';

const MASTER: AgentSummary = {
  IdAgent: 1,
  Login: 'MASTER',
  Name: 'Master',
  IdParent: null,
  Depth: 0,
};

beforeEach(() => {
  // A Thursday: the week the screen opens on is fixed, whatever day the test runs.
  vi.useFakeTimers({ now: new Date('2026-11-26T15:00:00Z'), toFake: ['Date'] });
  useAgentStore.setState({
    agent: { ...MASTER } as NonNullable<ReturnType<typeof useAgentStore.getState>['agent']>,
    subAgents: [MASTER],
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  useAgentStore.setState({ agent: null, subAgents: [] });
});

function renderAt(url: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
  );
  return renderHook(() => ({ screen: useWagerCenterState(), location: useLocation() }), {
    wrapper,
  });
}

describe('useWagerCenterState', () => {
  it('keeps the sport when the wager type is picked before the sport has rendered', () => {
    const { result } = renderAt('/WagerCenter?page=2');
    const [, update] = result.current.screen;
    act(() => {
      update({ list: { sport: 'NFL' } });
      // The same render's setter, as a second pick made before the first one shows.
      update({ list: { wagerType: 'straight' } });
    });
    const params = new URLSearchParams(result.current.location.search);
    expect(params.get('sport')).toBe('NFL');
    expect(params.get('wagerType')).toBe('straight');
    // Any change but a page turn starts from the first page.
    expect(params.get('page')).toBeNull();
    expect(result.current.screen[0].list).toMatchObject({ sport: 'NFL', wagerType: 'straight' });
  });

  it('writes a change over the state the URL shows after earlier changes rendered', () => {
    const { result } = renderAt('/WagerCenter');
    act(() => result.current.screen[1]({ list: { sport: 'NFL' } }));
    act(() => result.current.screen[1]({ tab: 'graded' }));
    const params = new URLSearchParams(result.current.location.search);
    expect(params.get('tab')).toBe('graded');
    expect(params.get('sport')).toBe('NFL');
    expect(result.current.screen[0].startDate).toBe('2026-11-23');
  });
});
