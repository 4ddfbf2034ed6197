// @vitest-environment jsdom
import type { AgentSummary } from '@backline/contract/calls/auth';
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAgentStore } from '@/stores/agent-store';
import { scopeAgent, useScopedAgent } from './agent-scope';

const agent = (IdAgent: number, IdParent: number | null, Depth: number): AgentSummary => ({
  IdAgent,
  Login: `AG${IdAgent}`,
  Name: `Agent ${IdAgent}`,
  IdParent,
  Depth,
});

// Agent 1 with agents 5 and 6 below it; agent 9 is elsewhere on the site.
const SUBTREE = [agent(1, null, 0), agent(5, 1, 1), agent(6, 5, 2)];

function signInAs(self: AgentSummary, subAgents: AgentSummary[]) {
  useAgentStore.setState({
    agent: { ...self } as NonNullable<ReturnType<typeof useAgentStore.getState>['agent']>,
    subAgents,
  });
}

beforeEach(() => signInAs(SUBTREE[0]!, SUBTREE));
afterEach(() => {
  cleanup();
  useAgentStore.setState({ agent: null, subAgents: [] });
});

describe('scopeAgent', () => {
  it('keeps an agent of the subtree, the caller included', () => {
    expect(scopeAgent(6, 1, SUBTREE)).toBe(6);
    expect(scopeAgent(1, 1, SUBTREE)).toBe(1);
  });

  it('falls back to the caller for an agent outside the subtree or none', () => {
    expect(scopeAgent(9, 1, SUBTREE)).toBe(1);
    expect(scopeAgent(undefined, 1, SUBTREE)).toBe(1);
    expect(scopeAgent(null, 1, SUBTREE)).toBe(1);
  });
});

describe('useScopedAgent', () => {
  it('is the agent asked for when it is in the signed-in agent’s subtree', () => {
    const { result } = renderHook(() => useScopedAgent(5));
    expect(result.current).toBe(5);
  });

  it('is the signed-in agent for an agent outside its subtree, or none asked for', () => {
    expect(renderHook(() => useScopedAgent(9)).result.current).toBe(1);
    expect(renderHook(() => useScopedAgent(undefined)).result.current).toBe(1);
  });

  it('follows a switch of view: an agent no longer below falls back to the new view agent', () => {
    const { result } = renderHook(() => useScopedAgent(6));
    expect(result.current).toBe(6);
    act(() => signInAs(agent(5, 1, 0), [agent(5, 1, 0), agent(6, 5, 1)]));
    expect(result.current).toBe(6);
    act(() => signInAs(agent(6, 5, 0), [agent(6, 5, 0)]));
    expect(result.current).toBe(6);
    act(() => signInAs(agent(5, 1, 0), [agent(5, 1, 0)]));
    expect(result.current).toBe(5);
  });
});
