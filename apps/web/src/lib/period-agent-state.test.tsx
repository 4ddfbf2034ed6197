// @vitest-environment jsdom
import type { AgentSummary } from '@backline/contract/calls/auth';
import { QueryBool } from '@backline/contract/core/endpoint';
import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PeriodAgentFilters } from '@/components/ui/period-agent-filters';
import { useAgentStore } from '@/stores/agent-store';
import { periodAgentUrl, usePeriodAgentState } from './period-agent-state';

const agent = (IdAgent: number, Depth: number): AgentSummary => ({
  IdAgent,
  Login: `AG${IdAgent}`,
  Name: `Agent ${IdAgent}`,
  IdParent: Depth === 0 ? null : 1,
  Depth,
});
const SUBTREE = [agent(1, 0), agent(5, 1)];
const URL_STATE = periodAgentUrl({ isCurrencyReport: QueryBool }, { isCurrencyReport: false });

beforeEach(() =>
  useAgentStore.setState({
    agent: { ...SUBTREE[0]! } as NonNullable<ReturnType<typeof useAgentStore.getState>['agent']>,
    subAgents: SUBTREE,
  }),
);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useAgentStore.setState({ agent: null, subAgents: [] });
});

function useScreen() {
  return { ...usePeriodAgentState(URL_STATE, 2), location: useLocation() };
}

function renderAt(url: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
  );
  return renderHook(useScreen, { wrapper });
}

describe('usePeriodAgentState', () => {
  it("reads the range, the agent in scope and the screen's own fields", () => {
    const { result } = renderAt('/r?period=6&idAgent=5&isCurrencyReport=1');
    expect(result.current.range).toEqual({ period: 6 });
    expect(result.current.idAgent).toBe(5);
    expect(result.current.url.isCurrencyReport).toBe(true);
  });

  it("falls back to the screen's period and to the caller outside the subtree", () => {
    const { result } = renderAt('/r?idAgent=9');
    expect(result.current.range).toEqual({ period: 2 });
    expect(result.current.idAgent).toBe(1);
  });

  it('writes what the filters change, and only that', () => {
    const { result } = renderAt('/r?period=6');
    act(() => result.current.patch({ idAgent: 5 }));
    expect(result.current.location.search).toBe('?period=6&idAgent=5');
  });
});

describe('PeriodAgentFilters', () => {
  it('writes a chosen agent and a chosen period', () => {
    // The filter panel asks whether the screen is narrow; here it is wide.
    vi.stubGlobal('matchMedia', () => ({
      matches: false,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    const changes: unknown[] = [];
    render(
      <PeriodAgentFilters range={{ period: 2 }} idAgent={1} onChange={(c) => changes.push(c)} />,
    );
    fireEvent.change(screen.getByRole('combobox', { name: 'agents.label' }), {
      target: { value: '5' },
    });
    fireEvent.change(screen.getByRole('combobox', { name: 'periods.label' }), {
      target: { value: '6' },
    });
    expect(changes).toEqual([{ idAgent: 5 }, { period: 6, startDate: null, endDate: null }]);
  });
});
